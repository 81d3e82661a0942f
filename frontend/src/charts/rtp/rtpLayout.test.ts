// The round trip path's layout: the critical path from client to server and back at the measured RTT, transits split by
// their kernel stamps, Table 2's segments and error, and the off-path waits.
import { describe, expect, it } from "vitest";
import type { RtpAnalysis } from "../../api/analyses";
import fixture from "./pingpong-rtp.fixture.json";
import { criticalPath, DEFAULT_LANES, errorClass, offPathSegments, table2, timeDomain } from "./rtpLayout";

// a real answer of GET /api/runs/{id}/analyses/rtp: TCP ping-pong of the local agents with kernel stamps
const rtp = fixture as unknown as RtpAnalysis;
const point = rtp.points[0];

describe("criticalPath", () => {
  const path = criticalPath(point);
  it("starts at the client at 0 and comes back to the client at the measured RTT", () => {
    expect(path[0]).toEqual({ lane: "client", t: 0 });
    expect(path[path.length - 1].lane).toBe("client");
    expect(path[path.length - 1].t).toBeCloseTo(point.measured_rtt_ns, 3);
  });
  it("runs forward in time and crosses every lane to the server and back (Figure 5)", () => {
    for (let i = 1; i < path.length; i++) expect(path[i].t).toBeGreaterThanOrEqual(path[i - 1].t - 1e-9);
    const lanes = path.map((v) => v.lane).filter((l, i, a) => i === 0 || l !== a[i - 1]);
    expect(lanes).toEqual([...DEFAULT_LANES, ...[...DEFAULT_LANES].reverse().slice(1)]);
  });
  it("spends each transit's time in the lanes of its kernel-stamped parts (a negative part drawn as 0)", () => {
    const req = point.segments.find((s) => s.name === "request transit")!;
    const inLane = (lane: string) => {
      const vs = path.filter((v) => v.lane === lane && v.t >= req.mean_start_ns - 1e-6 && v.t <= req.mean_end_ns + 1e-6);
      return vs.length ? vs[vs.length - 1].t - vs[0].t : 0;
    };
    const parts = req.parts.map((p) => Math.max(0, p.mean_ns));
    const scale = (req.mean_end_ns - req.mean_start_ns) / parts.reduce((a, b) => a + b, 0);
    req.parts.forEach((p, i) => expect(inLane(p.lane)).toBeCloseTo(parts[i] * scale, 3));
  });
  it("never climbs back up the time axis where one segment's mean end is after the next one's mean start", () => {
    const segs = point.segments.filter((s) => s.on_path_share >= 0.5).sort((a, b) => a.mean_start_ns - b.mean_start_ns);
    const [first, second] = segs; // the second begins, on average, 2 µs before the first ends
    const overlapped = { ...point, segments: point.segments.map((s) => (s === first ? { ...s, mean_end_ns: second.mean_start_ns + 2000 } : s)) };
    const p = criticalPath(overlapped);
    for (let i = 1; i < p.length; i++) expect(p[i].t).toBeGreaterThanOrEqual(p[i - 1].t);
  });
  it("splits a transit evenly when no kernel points were recorded", () => {
    const bare = { ...point, segments: point.segments.map((s) => ({ ...s, parts: [] })) };
    const p = criticalPath(bare);
    const req = point.segments.find((s) => s.name === "request transit")!;
    const k = p.filter((v) => v.lane === "client kernel" && v.t <= req.mean_end_ns);
    expect(k[1].t - k[0].t).toBeCloseTo((req.mean_end_ns - req.mean_start_ns) / 3, 3);
  });
});

describe("table2", () => {
  it("lists the on-path segments whose sum is the calculated RTT, and its % error", () => {
    const t = table2(point);
    const timed = t.rows.filter((r) => r.kind !== "gap").reduce((a, r) => a + r.onPathNs, 0);
    expect(timed).toBeCloseTo(t.calculatedNs, 3);
    expect(t.percentError).toBeCloseTo(((t.measuredNs - t.calculatedNs) * 100) / t.measuredNs, 6);
    expect(t.rows.map((r) => r.name)).toContain("request transit");
    expect(t.rows.map((r) => r.name)).not.toContain("s.wait"); // never on the path in this run
  });
  it("colours errors by size", () => {
    expect([errorClass(2), errorClass(-9), errorClass(30)]).toEqual(["ok", "warn", "bad"]);
  });
});

describe("off-path work and the time axis", () => {
  it("puts the waits beside the path and starts the axis at the call's start, not where the server began to wait", () => {
    expect(offPathSegments(point).map((s) => s.name).sort()).toEqual(["c.wait", "s.wait"]);
    const sWait = point.segments.find((s) => s.name === "s.wait")!;
    expect(sWait.mean_start_ns).toBeLessThan(0); // the server waited before the call began
    expect(timeDomain(point)).toEqual([0, point.measured_rtt_ns]);
  });
});
