// The comparison report's sections: both runs' RTT per size on one chart, a run without a figure named, tables side by
// side, and points paired as the compare page does.
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { Run } from "../../api/types";
import stepStats from "../../charts/stepLadder/rpc-step-stats.fixture.json";
import { pairedPointTables, RttSizeOverlay, SideBySide, ThroughputOverlay } from "./compareSections";
import type { RunReport } from "./useRunReport";

/** A report with only what the comparison sections read: the run's points, its tables and its figures' data. */
function report(id: number, over: Partial<RunReport["figures"]> = {}, tables: RunReport["tables"] = {}): RunReport {
  const run = { id, params: { points: stepStats.points.map((p, i) => ({ point_no: p.point_no, request_bytes: [0, 4016][i] })) } } as unknown as Run;
  const none = { ok: false as const, error: "not loaded" };
  return {
    run, tables, data: { tables: [] } as unknown as RunReport["data"], summary: {} as RunReport["summary"], calls: {} as RunReport["calls"],
    figures: { stepStats: none, rtp: none, ecs: none, timeline: null, model: none, throughput: none,
      rttSize: { ok: true, data: { stats: stepStats, statsReason: null, unit: null, unitReason: null, model: { jumps: [], counts: [], caption: "no packetisation reported" } } }, ...over } as RunReport["figures"],
  };
}

describe("comparison sections", () => {
  it("overlays both runs' RTT per size on one chart", () => {
    render(<RttSizeOverlay a={report(3)} b={report(4)} />);
    const chart = screen.getByTestId("compare-rttsize-chart");
    expect(chart.querySelectorAll('[data-series="run-A"] circle')).toHaveLength(2);
    expect(chart.querySelectorAll('[data-series="run-B"] circle')).toHaveLength(2);
    expect(chart).toHaveTextContent("run B #4 (mean, 95% CI)");
  });

  it("says in one line which run has no thread sweep, and why", () => {
    const b = report(4, { throughput: { ok: false, error: "No answer within 60 s" } });
    render(<ThroughputOverlay a={report(3, { throughput: { ok: true, data: { ecs: { available: false, reason: "no ecs" }, model: new Map(), modelReason: null } } as RunReport["figures"]["throughput"] })} b={b} />);
    expect(screen.getByTestId("figure-absent")).toHaveTextContent("run A: no ecs; run B: could not be loaded (No answer within 60 s)");
  });

  it("prints both runs' table values side by side, — where one run has no such table", () => {
    const rtp = { name: "rtp", columns: ["point_no", "calculated_rtt_ns", "measured_rtt_ns", "error_pct"].map((name) => ({ name, unit: "", description: "" })),
      rows: [[0, 9000, 10000, 10], [4, 18000, 20000, 10]] }; // the fixture's points are 0 and 4
    render(<SideBySide a={report(3, {}, { rtp })} b={report(4)} table="rtp" keys={["point_no", "request_bytes"]} keyLabel="Point · request"
      values={["measured_rtt_ns", "error_pct"]} headers={["Measured", "% error"]} testId="t" />);
    const rows = [...screen.getByTestId("t").querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent));
    expect(rows).toEqual([["0 B", "10.0 µs", "—", "+10.0 %", "—"], ["4,016 B", "20.0 µs", "—", "+10.0 %", "—"]]);
    expect(screen.getByText(/run B #4 has no rtp table/)).toBeInTheDocument();
  });

  it("pairs a per-thread run's points with a single-cache run's (the compare page's pairing), B's extra point on its own", () => {
    const pts = (cache: string, n: number) => [0, 2000, 9000].slice(0, n).map((think_time_us, point_no) => ({ point_no, request_bytes: 4016, threads: 3, think_time_us, protection: "none", cache }));
    const a = { id: 1, params: { points: pts("per-thread", 2) } } as unknown as Run;
    const b = { id: 2, params: { points: pts("single", 3) } } as unknown as Run;
    const table = { name: "points", columns: [{ name: "point_no", unit: "", description: "" }, { name: "rtt_mean_ns", unit: "ns", description: "" }], rows: [[0, 1], [1, 2], [2, 3]] };
    const got = pairedPointTables({ ...table, rows: table.rows.slice(0, 2) }, table, a, b);
    expect(got.tb!.rows).toEqual([[0, 1], [1, 2], ["B 2", 3]]);
    expect(got.words.get("1")).toBe("4,016 B · 3 threads · think 2 ms: per-thread cache ↔ single cache");
    expect(got.words.get("B 2")).toBe("only in B: 4,016 B · 3 threads · think 9 ms · single cache");
  });
});
