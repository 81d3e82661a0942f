// The compare page's RTT overlay: three runs' points lined up, a series per run, points without a partner counted.
import { describe, expect, it } from "vitest";
import { rttOverlay, type OverlayRun } from "./rttOverlay";

const pts = (protection: string) => [0, 9000].map((think_time_us, point_no) => ({ point_no, request_bytes: 4016, threads: 3, think_time_us, protection, cache: "single" }));
const rtt = (means: number[]) => means.map((m, point_no) => ({ point_no, mean_ns: m, ci95_low_ns: m - 2000, ci95_high_ns: m + 1000 }));

describe("rttOverlay", () => {
  it("lines up three runs' points and draws one series per run", () => {
    const runs: OverlayRun[] = [
      { name: "A", points: pts("none"), rtt: rtt([10_000, 20_000]) },
      { name: "B", points: pts("pkt"), rtt: rtt([12_000, 22_000]) },
      { name: "C", points: pts("privacy"), rtt: rtt([1_000]) }, // C measured only its first point
    ];
    const o = rttOverlay(runs, ["protection"]);
    expect(o.matches.map((m) => [m.x, m.key, m.points])).toEqual([
      [1, "4,016 B · 3 threads · no think · single cache", [0, 0, 0]],
      [2, "4,016 B · 3 threads · think 9 ms · single cache", [1, 1, null]],
    ]);
    expect(o.matches[0].differs).toBe("protection none ↔ protection pkt ↔ protection privacy");
    expect(o.series.map((s) => s.points.length)).toEqual([2, 2, 1]);
    expect(o.series[1].points[1]).toEqual({ x: 2, y: 22, lo: 20, hi: 23 });
    // C's 1 µs mean has a CI reaching below zero: drawn from 0
    expect(o.series[2].points[0].lo).toBe(0);
    expect(o.unpaired).toBe(0);
  });

  it("points without a partner are counted, not drawn", () => {
    const o = rttOverlay([{ name: "A", points: pts("none"), rtt: rtt([1, 2]) }, { name: "B", points: pts("pkt"), rtt: rtt([1, 2]) }], []);
    expect(o.matches).toEqual([]);
    expect(o.unpaired).toBe(4);
  });
});
