// The report's page 1 and setup: point labels, the answer with its CIs and lead figure, the parameters table, and the
// verdicts and notes that fit the page.
import { describe, expect, it } from "vitest";
import type { StepStatsPoint } from "../../api/analyses";
import type { Run } from "../../api/types";
import stepStatsFixture from "../../charts/stepLadder/rpc-step-stats.fixture.json";
import type { TableJson } from "./api";
import { pairRows, paramRows } from "./reportParams";
import { headline, labelOf, leadFigure, measuredSentence, pointRtts, reportPoints } from "./summary";
import { modelVerdict, notesForSummary, shortNote } from "./verdict";

const DCE_SIZES = [0, 1392, 1393, 4016, 4017];
const sweep = DCE_SIZES.map((b, i) => ({ point_no: i, request_bytes: b, threads: 1, think_time_us: 0, protection: "none", cache: "per-thread" }));

function rpcRun(points: object[], over: Record<string, unknown> = {}): Run {
  return {
    id: 7, kind: "rpc", name: "DCE Figure 3", tags: [], status: "done", reason: null,
    params: { transport: "udp", procedure: "sink", work_us: 0, calls: 200, warmup_calls: 0, seed: 1, server_threads: 4,
      packetisation: { mtu: 1500, packet_data: 4016, header_bytes: 80 }, points, base_points_added: [], ...over } as never,
    client_agent: { id: 1, name: "local-a" }, server_agent: { id: 2, name: "local-b" },
    created_at: "2026-11-23T20:14:30Z", started_at: "2026-11-23T20:14:39Z", finished_at: "2026-11-23T20:16:02Z",
    calls_done: 1000, calls_total: 1000, link: { profile: "ethernet-10m", emulated: true, rate_mbit: 10, mtu: 1500 },
  };
}

describe("point labels", () => {
  it("name a point the way every page names it", () => {
    const name = labelOf({ run: rpcRun(sweep) });
    expect(name(3)).toBe("4,016 B · 1 thread · no think");
    expect(name(9)).toBe("point 9");
    const caseStudy = [1392, 4016].flatMap((b, i) => [1, 6].map((t, j) => ({ point_no: i * 2 + j, request_bytes: b, threads: t, think_time_us: j * 18000, cache: "single" })));
    expect(labelOf({ run: rpcRun(caseStudy) })(3)).toBe("4,016 B · 6 threads · think 18 ms · single cache");
  });

  it("read a ping-pong's own params as its one point", () => {
    const run = { ...rpcRun([]), kind: "pingpong", params: { transport: "tcp", request_bytes: 64, response_bytes: 64, calls: 10, warmup_calls: 0 } } as unknown as Run;
    expect(reportPoints(run)).toEqual([{ point_no: 0, request_bytes: 64, response_bytes: 64 }]);
  });
});

describe("the answer", () => {
  const stats = stepStatsFixture.points as unknown as StepStatsPoint[];
  const points = [{ point_no: 0, request_bytes: 0 }, { point_no: 4, request_bytes: 4016 }];
  const table: TableJson = {
    name: "points",
    columns: ["point_no", "warmup_calls", "error_calls", "rtt_mean_ns"].map((name) => ({ name, unit: "", description: "" })),
    rows: [[0, 3, 0, 17000], [4, 3, 1, 1400000]],
  };

  it("gives each point's mean with its 95% CI and percentiles from the step statistics, counts from the points table", () => {
    const rows = pointRtts(points, stats, table);
    expect(rows.map((r) => r.label)).toEqual(["0 B", "4,016 B"]);
    expect(rows[0]).toMatchObject({ calls: 300, warmup: 3, errors: 0, meanNs: 17346.533333333333, ciLowNs: 11800.858192743903, p99Ns: 99420.19999999816, firstNs: 247804 });
    expect(rows[1].errors).toBe(1);
    expect(headline(rows)).toBe("Mean RTT from 17.3 µs (0 B) to 1.43 ms (4,016 B) across 2 points, 600 measured calls.");
    expect(headline(rows.slice(0, 1))).toBe("Mean RTT 17.3 µs (95% CI 11.8 µs – 22.9 µs), median 5.65 µs, p99 99.4 µs, over 300 measured calls.");
    expect(headline([])).toMatch(/^No measured calls/);
  });

  it("falls back to the points table, without a CI, when the analysis has no statistics", () => {
    const rows = pointRtts(points, null, table);
    expect(rows.map((r) => [r.pointNo, r.meanNs, r.ciLowNs])).toEqual([[0, 17000, null], [4, 1400000, null]]);
    expect(headline(rows.slice(0, 1))).toMatch(/^Mean RTT 17.0 µs, median/);
  });

  it("says what was measured in a sentence", () => {
    expect(measuredSentence(rpcRun(sweep), sweep)).toBe(
      "RPC calls of the sink procedure over UDP from local-a to local-b on link ethernet-10m: 5 points (request 5 values, 0 B … 4,017 B; " +
      "1 caller thread; think time none; protection none; cache per-thread), 200 calls per thread and point after 0 warm-up.");
    const pp = { ...rpcRun([]), kind: "pingpong", params: { transport: "tcp", request_bytes: 64, response_bytes: 64, calls: 2000, warmup_calls: 20 } } as unknown as Run;
    expect(measuredSentence(pp, reportPoints(pp))).toBe("TCP ping-pongs from local-a to local-b on link ethernet-10m: 64 B request, 64 B response, 2,000 calls after 20 warm-up.");
  });

  it("leads with the figure that answers the sweep", () => {
    expect(leadFigure(sweep)).toBe("rtt-size");
    expect(leadFigure(sweep.map((p, i) => ({ ...p, threads: i + 1 })))).toBe("throughput");
    expect(leadFigure(sweep.map((p, i) => ({ ...p, think_time_us: i * 1000 })))).toBe("model-figure");
    expect(leadFigure(sweep.slice(0, 1))).toBeNull();
  });
});

describe("parameters as a table", () => {
  it("names every parameter with its unit, the sweep as lists, and has no JSON", () => {
    const rows = paramRows(rpcRun(sweep));
    const value = (label: string) => rows.find((r) => r.label === label)?.value;
    expect(value("Points")).toBe("5");
    expect(value("Request sizes")).toBe("0 B, 1,392 B, 1,393 B, 4,016 B, 4,017 B");
    expect(value("Think times")).toBe("none");
    expect(value("Transport")).toBe("UDP");
    expect(value("Packetisation: MTU")).toBe("1,500 B");
    expect(value("Base points added")).toBe("none");
    expect(rows.find((r) => r.label === "Packetisation: MTU")?.main).toBe(false);
    expect(rows.find((r) => r.label === "Calls")?.main).toBe(true);
    for (const r of rows) expect(r.value).not.toMatch(/[{}"]/);
    const listed = paramRows(rpcRun(sweep, { base_points_added: [{ point_no: 9, request_bytes: 1392 }] }));
    expect(listed.find((r) => r.label === "Base points added")?.value).toBe("point_no 9, request_bytes 1,392");
    // issue 37: the run's time limit was printed as "Call timeout 1,976 s", its call-number room as "Call numbers reserved"
    const limits = paramRows(rpcRun(sweep, { timeout_s: 1976, call_no_limit: 161600 }));
    expect(limits.find((r) => r.value === "1,976 s")?.label).toBe("Run time limit");
    expect(limits.find((r) => r.value === "161,600")?.label).toBe("Most calls the run could make (every point at its last round)");
  });

  it("pairs short values two to a row and gives a long one a row of its own", () => {
    const r = (label: string, value: string) => ({ label, value });
    const rows = pairRows([r("a", "1"), r("b", "x".repeat(40)), r("c", "2"), r("d", "3"), r("e", "4")]);
    expect(rows.map((row) => row.map((p) => p.label))).toEqual([["a", "c"], ["b"], ["d", "e"]]);
  });
});

describe("verdicts", () => {
  const row = (point_no: number, base: number, err: number, anomaly = false) => ({ label: `${point_no}`, threads: 1, think: 0, model: 1, measured: 1,
    measured_std: 0, percent_error: err, anomaly, reasons: [], explanation: "", point_no, base_point_no: base });
  const mvm = (rows: object[], over = {}) => ({ available: true, unit: "ms", threshold_percent: 15, mean_percent_error: 0, max_abs_percent_error: 0, tolerance_pct: 10, rows, ...over }) as never;

  it("sums up the model against the points it predicted, or says nothing when it predicted none", () => {
    const v = modelVerdict(mvm([row(0, 0, 0), row(1, 0, 12.5, true), row(2, 0, -4.5)]), (n) => `point ${n}`);
    expect(v?.text).toBe("Model (MVA) vs measured: mean |error| 8.5 % over the 2 points it predicted (worst +12.5 % at point 1); " +
      "1 point flagged as anomalies (the model's band allows 10 % of its own error), listed below.");
    expect(v?.flagged).toBe(1);
    // a size sweep: every point is its own base point, the model only gives its input back
    expect(modelVerdict(mvm([row(0, 0, 0), row(1, 1, 0.1)]))).toBeNull();
    expect(modelVerdict(mvm([row(0, 0, 0), row(1, 0, 3)], { applies: false }))?.text).toMatch(/not a check of this run/);
    expect(modelVerdict({ available: false, reason: "no" })).toBeNull();
  });

  it("leaves the points the model does not apply to out of its verdict, and names the per-point solver", () => {
    const off = { applies: false, not_applies_reason: "the model does not apply here: busy cores" };
    const rows = [row(0, 0, 0), row(1, 0, 4), { ...row(2, 0, 40), ...off }, { ...row(3, 0, 30), ...off }];
    const v = modelVerdict(mvm(rows, { solvers: { exact: 1, residual: 1, simulation: 2 } }), (n) => `point ${n}`);
    expect(v?.text).toBe("Model (per-point solver) vs measured: mean |error| 4.0 % over the 1 points it predicted (worst +4.0 % at point 1); " +
      "no point flagged as an anomaly (the model's band allows 10 % of its own error); the model does not apply at 2 points (Table 2's notes say why).");
    expect(modelVerdict(mvm([row(0, 0, 0), { ...row(1, 0, 9), ...off }]))?.text).toBe(
      "Model (MVA) vs measured: the model does not apply at 1 of 2 points (Table 2's notes say why); nothing flagged.");
  });

  it("cuts a model anomaly to its verdict and reasons for page 1", () => {
    const text = "1,392 B single calls, 3 threads, think time 3 ms: measured 8.25 ms (95% interval 7.77-8.8) lies above the model's band " +
      "5.69-6.99 ms (+23.2%). The device that grew most against the base point is client_cpu (+1.81 ms on the path). 51 of 180 calls " +
      "went through slow-start (51 with a new call handle). (above_model_band)";
    expect(shortNote({ kind: "model", text })).toBe("1,392 B single calls, 3 threads, think time 3 ms: measured 8.25 ms (95% interval " +
      "7.77-8.8) lies above the model's band 5.69-6.99 ms (+23.2%) (above_model_band).");
    expect(shortNote({ kind: "model", text: "4016 B: measured 1 ms meets the band (ok)" })).toBe("4016 B: measured 1 ms meets the band (ok)");
    expect(shortNote({ kind: "tail", text: "Heavy tail. Look. Here." })).toBe("Heavy tail. Look. Here.");
  });

  it("keeps the notes page 1 has room for, failures first", () => {
    const notes = [1, 2, 3].map((i) => ({ kind: "model", text: `m${i}` })).concat([{ kind: "failure", text: "failed" }]);
    const { shown, more } = notesForSummary(notes, 2);
    expect(shown.map((n) => n.text)).toEqual(["failed", "m1"]);
    expect(more).toBe(2);
  });
});
