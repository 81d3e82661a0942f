// The run report's figures: points picked up to the cap, the timeline overview's span cap and time axis, the figure
// tabs in order, readiness, and the model figure per cache policy.
import { describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { Run, TimelineData } from "../../api/types";
import rtpFixture from "../../charts/stepLadder/rpc-rtp.fixture.json";
import stepStatsFixture from "../../charts/stepLadder/rpc-step-stats.fixture.json";
import ecsFixture from "../../charts/statistics/rpc-ecs.fixture.json";
import { overviewEnd, overviewRows } from "../../charts/timeline/TimelineOverview";
import { buildLayout } from "../../charts/timeline/transform";
import { callsFixture, runFixture, summaryFixture } from "../../test/fakeApi";
import { numberedCiAxis } from "./pathFigures";
import { ModelFigure } from "./curveFigures";
import { pickPoints, type ReportFigures } from "./figureData";
import { RunReportPage } from "./RunReportPage";
import { FIGURE_SECTIONS, figureSections } from "./reportSections";
import type { RunReport } from "./useRunReport";

describe("pickPoints", () => {
  it("keeps every point up to the cap, else the first, the last and evenly between", () => {
    expect(pickPoints([0, 1, 2])).toEqual([0, 1, 2]);
    expect(pickPoints([0, 1, 2, 3, 4, 5, 6, 7])).toEqual([0, 4, 7]); // the default cap, 3: round(3.5) = 4
    expect(pickPoints([0, 1, 2, 3, 4, 5, 6, 7], 4)).toEqual([0, 2, 5, 7]); // round(7/3)=2, round(14/3)=5
    expect(pickPoints([0, 1, 2, 3, 4], 2)).toEqual([0, 4]);
    expect(pickPoints([5, 6, 7], 1)).toEqual([5]);
  });
});

/** n calls of `perCall` spans each; call i takes 1000 + i ns, its spans split it evenly. */
function timeline(n: number, perCall: number, slowFirst = 0): TimelineData {
  const calls = { call_no: [] as number[], flags: [] as number[], start_ns: [] as number[], rtt_ns: [] as number[], thread: [] as number[], retransmits: [] as number[] };
  const steps = { call_no: [] as number[], code: [] as number[], start_ns: [] as number[], end_ns: [] as number[] };
  for (let i = 0; i < n; i++) {
    const rtt = i === 0 && slowFirst ? slowFirst : 1000 + i;
    calls.call_no.push(i); calls.flags.push(0); calls.start_ns.push(i * 10_000); calls.rtt_ns.push(rtt);
    for (let k = 0; k < perCall; k++) {
      steps.call_no.push(i); steps.code.push(k + 1);
      steps.start_ns.push(i * 10_000 + (k * rtt) / perCall); steps.end_ns.push(i * 10_000 + ((k + 1) * rtt) / perCall);
    }
  }
  const codes = Array.from({ length: perCall }, (_, k) => ({ code: k + 1, name: `c.step${k}`, side: "client", paper: "" }));
  return { unit: "ns", origin_ns: 0, from_call: 0, to_call: n, total_calls: 5000, next_call: n, calls, steps, codes };
}

describe("the timeline overview", () => {
  it("draws whole calls only, as many as fit in the span cap", () => {
    const layout = buildLayout(timeline(100, 6), { mode: "aligned", order: "call" });
    expect(overviewRows(layout, 100)).toEqual({ rows: 16, spans: 96 }); // 16 × 6 ≤ 100 < 17 × 6
    expect(overviewRows(layout, 10_000)).toEqual({ rows: 100, spans: 600 });
  });

  it("ends its time axis at 1.5 × the 90th percentile RTT, whatever a cold first call took", () => {
    const layout = buildLayout(timeline(11, 2, 1_000_000), { mode: "aligned", order: "call" });
    // RTTs 1e6, 1001 … 1010: the 90th percentile (linear) lies between 1010 and 1e6 at 0.9 × 10 = index 9 → 1010
    expect(overviewEnd(layout, 11)).toBeCloseTo(1.5 * 1010, 6);
  });
});

/** A fetch stub answering from `routes` (url → body), holding the rtp analysis until released. */
function stubFetch(routes: [string, unknown][]) {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input.toString();
    if (url.includes("/analyses/rtp")) await held;
    if (url.includes("/table.json")) return new Response(JSON.stringify({ detail: "no such analysis" }), { status: 409 });
    // "path$" matches the path exactly, anything else as a prefix
    const hit = routes.find(([p]) => (p.endsWith("$") ? url === p.slice(0, -1) : url.startsWith(p)));
    if (!hit) return new Response(JSON.stringify({ detail: "Not Found" }), { status: 404 });
    return new Response(JSON.stringify(hit[1]), { status: 200, headers: { "Content-Type": "application/json" } });
  }));
  return () => release();
}

const reportData = {
  run_id: 42, agents: [], clock: { method: "same-host", offset_ns: 0, drift_ppm: 0, ref_ns: 0, uncertainty_ns: 0, calls_used: 0, note: "" },
  probe: { client: null, server: null }, clock_analysis: null, clock_exchange: null, link: {}, notes: [], analyses: [], tables: [],
};

describe("Run report figures", () => {
  it("lists every figure tab of the run page in the tabs' order, the sweep's own figure first", () => {
    expect(FIGURE_SECTIONS.map((s) => s.title)).toEqual(["RTT per call", "RTT histogram", "Tail: percentiles and the step that makes it",
      "Timeline", "Steps", "Round trip path", "Statistics", "RTT vs size", "Throughput vs threads", "Latency vs load", "Model"]);
    const report = (points: object[]) => ({ run: { params: { points } } }) as unknown as RunReport;
    const ids = (points: object[]) => figureSections(report(points)).map((s) => s.id);
    expect(ids([{ point_no: 0, request_bytes: 64 }])).toEqual(FIGURE_SECTIONS.map((s) => s.id));
    expect(ids([{ point_no: 0, request_bytes: 0 }, { point_no: 1, request_bytes: 4016 }]).slice(0, 2)).toEqual(["rtt-size", "per-call"]);
    expect(ids([0, 1].map((i) => ({ point_no: i, request_bytes: 0, threads: i + 1 })))[0]).toBe("throughput");
    expect(ids([0, 1].map((i) => ({ point_no: i, request_bytes: 0, threads: 3, think_time_us: i * 3000 })))[0]).toBe("model-figure");
    // an open-loop rate sweep leads with its hockey stick
    expect(ids([0, 1].map((i) => ({ point_no: i, request_bytes: 64, arrival: "poisson", rate_calls_s: 1000 * (i + 1) })))[0]).toBe("load");
  });

  it("is ready only once every figure's data has answered, then draws the tabs' charts as SVG", async () => {
    const base = runFixture({ status: "done" });
    const run = { ...base, kind: "rpc", params: { ...(base.params as object), points: [{ point_no: 0, request_bytes: 0 }, { point_no: 1, request_bytes: 4016 }] } };
    const release = stubFetch([
      ["/api/runs/42/summary", summaryFixture], ["/api/runs/42/calls", callsFixture()], ["/api/runs/42/report-data", reportData],
      ["/api/runs/42/analyses/step_stats", stepStatsFixture], ["/api/runs/42/analyses/rtp", rtpFixture],
      ["/api/runs/42/analyses/ecs", ecsFixture], ["/api/runs/42/analyses/model_vs_measured", { available: false, reason: "ping-pong runs have no model" }],
      ["/api/runs/42/timeline", timeline(700, 6)], ["/api/runs/42$", run],
    ]);
    const { container } = render(
      <MemoryRouter initialEntries={["/runs/42/report"]}>
        <Routes><Route path="/runs/:id/report" element={<RunReportPage />} /></Routes>
      </MemoryRouter>,
    );
    const root = container.querySelector("[data-report-state]")!;
    await new Promise((r) => setTimeout(r, 50));
    expect(root).toHaveAttribute("data-report-state", "loading"); // the held rtp analysis keeps the printer waiting
    expect(container.querySelector("[data-toc-id]")).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "ready"));
    // the step ladders of both points, and the round trip path of the one point the analysis has
    expect(screen.getAllByTestId("report-step-ladder")).toHaveLength(2);
    expect(screen.getAllByTestId("report-step-ladder")[0].querySelector("svg")).not.toBeNull();
    expect(screen.getByTestId("report-rtp-chart").querySelector("svg")).not.toBeNull();
    expect(screen.getByTestId("report-rtp-sum")).toHaveTextContent(/Calculated RTT .* vs measured/);
    // the appendix: each point's steps and Table 2 (one table: both points fit its columns)
    expect(screen.getAllByTestId("appendix-steps")).toHaveLength(1);
    expect(screen.getByTestId("appendix-rtp")).toHaveTextContent("Measured RTT");
    expect(screen.getByTestId("report-ci-chart").querySelector("svg")).not.toBeNull();
    expect(screen.getByTestId("report-anova")).toHaveTextContent("Between");
    // the timeline: whole calls up to 3,000 spans (500 calls of 6), with the count drawn said
    const tl = screen.getByTestId("timeline-overview");
    expect(tl).toHaveAttribute("data-spans", "3000");
    expect(tl.querySelectorAll("rect").length).toBeGreaterThanOrEqual(3000);
    expect(screen.getByTestId("timeline-drawn")).toHaveTextContent("3,000 of 4,200 step spans drawn");
    // a figure the run cannot have says why in one line
    expect(screen.getByText(/no model: ping-pong runs have no model/)).toBeInTheDocument();
  });
});

describe("Report model figure", () => {
  // the case study's threads × think sweep under both call-handle cache policies: points 0–3 per-thread, 4–7 single
  const pts = [0, 1, 2, 3].map((i) => ({ point_no: i, request_bytes: 0, threads: i < 2 ? 1 : 3, think_time_us: (i % 2) * 3000 }));
  const params = [...pts.map((p) => ({ ...p, cache: "per-thread" })), ...pts.map((p) => ({ ...p, point_no: p.point_no + 4, cache: "single" }))];
  const row = (point_no: number, label: string, measured: number) => {
    const p = params[point_no];
    return { label, threads: p.threads, think: p.think_time_us / 1000, model: 8, measured, measured_std: 0.1,
      percent_error: ((measured - 8) * 100) / measured, cv: 0.1, anomaly: false, reasons: [], explanation: "",
      point_no, base_point_no: point_no < 4 ? 0 : 4 };
  };
  const mvm = { available: true, unit: "ms", threshold_percent: 15, spread_factor: 2, spread_floor: 0.25, mean_percent_error: 5,
    max_abs_percent_error: 9, rows: [0, 1, 2, 3].map((i) => row(i, "0 B", 8.1 + i)).concat([4, 5, 6, 7].map((i) => row(i, "0 B single", 12 + i))) };

  it("keeps both cache policies apart, as the Model tab: one chart per call kind, a line set and table rows per policy", () => {
    const base = runFixture({ status: "done" });
    const run = { ...base, kind: "rpc", params: { ...(base.params as object), points: params } } as unknown as Run;
    render(<ModelFigure run={run} value={{ ok: true, data: { mvm, rtp: null, demands: null } } as unknown as ReportFigures["model"]} />);
    const charts = screen.getAllByTestId("report-model-chart");
    expect(charts).toHaveLength(1); // "0 B" and "0 B single" are one call kind: one Figure 2, a panel per policy
    expect([...charts[0].querySelectorAll(".fig2-panel")].map((p) => p.getAttribute("data-policy"))).toEqual(["per-thread", "single"]);
    expect(charts[0].querySelectorAll('.series[data-series^="single-"]')).toHaveLength(2);
    expect(charts[0].querySelectorAll(".fig2-model")).toHaveLength(4);
    // the tab's Table 2: a block per policy, named; rows without the new fields print dashes
    const t2 = screen.getByTestId("report-model-table");
    expect([...t2.querySelectorAll("tbody")].map((b) => b.getAttribute("data-block"))).toEqual(["0 B|per-thread", "0 B|single"]);
    expect([...t2.querySelectorAll("tr.t2-row")].map((tr) => tr.getAttribute("data-policy"))).toEqual([...Array(4).fill("per-thread"), ...Array(4).fill("single")]);
    expect(t2.querySelectorAll("tr.t2-row")[0].querySelectorAll("td")[7].textContent).toBe("—"); // small-packet calls
    expect(t2.querySelector("caption")!.textContent).toMatch(/exact MVA \(this result predates/);
    // an old result: no solver or bounds columns, no notes, no solvers line
    expect(screen.queryByTestId("report-model-table-notes")).toBeNull();
    expect(screen.queryByTestId("model-solvers")).toBeNull();
  });

  it("says per point which solver and why, and where the model does not apply, as the tab does, printed open", () => {
    const why = "exact MVA is +12.3% and residual MVA -20.1% from the simulation: the analytic solvers' assumptions do not hold here, so the simulation is the model";
    const rows = mvm.rows.map((r) => ({ ...r, solver: r.threads === 1 ? "exact" : "simulation", solver_reason: r.threads === 1 ? "one caller" : why,
      bounds: { lower: 6, upper: 30, throughput_max: 0.3, bottleneck: "network", balanced_lower: null, balanced_upper: null },
      ...(r.point_no === 7 ? { applies: false, not_applies_reason: "the model does not apply here: the host's 2 cores would be 95% busy" } : {}) }));
    const result = { ...mvm, rows, solvers: { exact: 4, residual: 0, simulation: 4 }, points_not_applicable: 1,
      simulation: { budget_s: 30, seconds: 2.04, calls_per_point: 20000, calls_over_budget: 2000, reduced_predictions: 1, widest_ci95_pct: 2.5 },
      injection: { kind: "lock", step: "s.service", delay_us: 200, every: 2, points: 4, flagged: 3, named_step: 2, missed_points: [7], smallest_detectable_delay_us: 90, false_flags: 1 } };
    const base = runFixture({ status: "done" });
    const run = { ...base, kind: "rpc", params: { ...(base.params as object), points: params } } as unknown as Run;
    render(<ModelFigure run={run} value={{ ok: true, data: { mvm: result, rtp: null, demands: null } } as unknown as ReportFigures["model"]} />);
    const t2 = screen.getByTestId("report-model-table");
    const trs = [...t2.querySelectorAll("tr.t2-row")];
    expect(trs[2].querySelector("td.t2-solver")!.textContent).toBe("simulation[2]");
    expect(trs[7].querySelector(".t2-flag")!.textContent).toBe("model does not apply[3]");
    expect(trs[7].className).not.toContain("row-anomaly");
    // on paper there is no hover: the notes are a list, not a folded <details>
    const notes = screen.getByTestId("report-model-table-notes");
    expect(notes.closest("details")).toBeNull();
    expect([...notes.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "exact MVA: one caller", `simulation: ${why}`, "model does not apply: the host's 2 cores would be 95% busy"]);
    expect(t2.querySelector("caption")!.textContent).toMatch(/Model: per point, the solver the measurement calls for/);
    expect(screen.getByTestId("model-solvers").textContent).toBe("Solvers: exact MVA at 4 points, simulation at 4 points. " +
      "Simulation: 2.0 s (budget 30 s), widest 95% interval 2.5 % of the mean; over its budget, 1 prediction simulated 2000 calls instead of 20000. " +
      "The model does not apply at 1 of 8 points (nothing flagged there).");
    expect(screen.getByTestId("model-calibration").textContent).toContain(
      "planted: lock in s.service, 200 µs every 2 calls; flagged at 3 of 4 points, naming the step at 2; the run could have detected a delay of about 90 µs");
    expect(screen.getByTestId("model-calibration-missed").textContent).toBe("missed: point 7; 1 point without the fault flagged.");
  });
});

describe("numberedCiAxis", () => {
  it("names a sweep's points on the grouped axis, numbering only many names with no common parts", () => {
    // trial 39: the case study's PDF numbered 48 points 0-47 and named them in a paragraph-long key
    const names = [1392, 4016].flatMap((b) => [1, 3, 6].flatMap((t) => ["no think", "think 3 ms"].flatMap((k) =>
      ["per-thread cache", "single cache"].map((c) => `${b} B · ${t} thread · ${k} · ${c}`))));
    const cis = names.map((_, i) => ({ pointNo: i }));
    expect(numberedCiAxis(cis, (n) => `point ${n}: ${names[n]}`)).toBe(false);
    expect(numberedCiAxis(cis, (n) => `a run of its own, number ${n}`)).toBe(true);
    expect(numberedCiAxis(cis.slice(0, 4), (n) => `a run of its own, number ${n}`)).toBe(false);
  });
});
