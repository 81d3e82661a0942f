// The Model tab: model and measured per thread count, anomalies flagged, what-if answers, both cache policies apart,
// and why a model does not apply or is missing.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ModelTab } from "./ModelTab";
import { installFakeFetch, runFixture } from "../../test/fakeApi";
import type { Run } from "../../api/types";

const points = [
  { point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0 },
  { point_no: 1, request_bytes: 0, threads: 1, think_time_us: 3000 },
  { point_no: 2, request_bytes: 0, threads: 3, think_time_us: 0 },
  { point_no: 3, request_bytes: 0, threads: 3, think_time_us: 3000 },
];
const row = (threads: number, think: number, model: number, measured: number, anomaly = false) => ({
  label: "0 B", threads, think, model, measured, measured_std: 0.1, percent_error: ((measured - model) * 100) / measured,
  cv: 0.1, anomaly, reasons: anomaly ? ["error"] : [], explanation: anomaly ? `measured ${threads} threads far above the model` : "fine",
});
const mvm = {
  available: true, unit: "ms", threshold_percent: 15, spread_factor: 2, spread_floor: 0.25, mean_percent_error: 5, max_abs_percent_error: 40,
  rows: [row(1, 0, 8, 8.1), row(1, 3, 8, 8.2), row(3, 0, 11, 11.5), row(3, 3, 10, 17, true)],
  server_cpu_servers: { servers: 2, why: "min(server_threads 4, server CPUs 2)" },
  mean_abs_percent_error: 12.34, single_server_mean_abs_percent_error: 20,
};
const rtp = {
  points: [{ point_no: 0, calls: 100, segments: [
    { name: "c.sendmsg", kind: "step", mean_on_path_ns: 2000, on_path_share: 1 },
    { name: "request transit", kind: "transit", mean_on_path_ns: 3000, on_path_share: 1 },
  ] }],
};

describe("Model tab", () => {
  it("draws model and measured per thread count, flags anomalies, and answers what-if with the last slider value only", async () => {
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/runs/42/analyses/model_vs_measured" ? { body: mvm } : undefined),
      ({ url }) => (url === "/api/runs/42/analyses/rtp" ? { body: rtp } : undefined),
      ({ url }) => (url === "/api/runs/42/analyses/demands" ? { body: { points: [{ point_no: 0, demands: [
        { device: "client_cpu", kind: "queue", total_ns: 3540, phase2_ns: 820 }, { device: "kernel_network", kind: "delay", total_ns: 2000, phase2_ns: 0 }] }] } } : undefined),
      ({ url, body }) => {
        if (url !== "/api/models/whatif") return undefined;
        const b = body as { threads: number; think_ns: number; scales: Record<string, number> };
        // a stand-in for MVA: the baseline model (ms) times the network's factor, per row
        const base = mvm.rows.find((r) => r.threads === b.threads && r.think * 1e6 === b.think_ns)!.model;
        return { body: { baseline_rtt_ns: 0, predicted_rtt_ns: 0, unknown: [], mva: { predicted_response_ns: base * 1e6 * b.scales.network, baseline_response_ns: base * 1e6, predicted_bottleneck: "server_cpu" } } };
      },
    ]);
    render(<ModelTab run={run} />);
    const chart = await screen.findByTestId("model-chart");
    // one panel (one call kind, one policy), a series per thread count: markers with CI bars over the model line
    expect(chart.querySelectorAll(".fig2-panel")).toHaveLength(1);
    expect([...chart.querySelectorAll(".series")].map((g) => g.getAttribute("data-series"))).toEqual(["per-thread-1", "per-thread-3"]);
    expect(chart.querySelectorAll(".fig2-model")).toHaveLength(2);
    expect(chart.querySelectorAll(".fig2-marker")).toHaveLength(4);
    expect(chart.querySelectorAll('.fig2-marker[data-flagged="true"]')).toHaveLength(1);
    // an old result (no CI, band, exact MVA or slow-start): no bars, no band, dashes in the table
    expect(chart.querySelectorAll(".fig2-band")).toHaveLength(0);
    const t2 = screen.getByTestId("model-table");
    expect(t2.querySelectorAll("tr.t2-row")).toHaveLength(4);
    expect(t2.querySelector(".t2-block")!.textContent).toMatch(/^0 B calls, cache per-thread/);
    expect([...t2.querySelectorAll("tr.t2-row")[3].querySelectorAll("td")].map((td) => td.textContent)).toEqual(
      ["3", "10.0", "—", "17.0", "—", "+41.2", "—", "▲ error"]);
    expect(within(screen.getByTestId("anomalies")).getByText(/3 threads far above/)).toBeTruthy();
    expect(screen.getByTestId("model-servers").textContent).toBe(
      "Server CPU modelled as 2 executors (min(server_threads 4, server CPUs 2)); over all 4 points, base points included, mean |error| 12.3 % with these executors, 20.0 % with one server.");
    const dem = screen.getByTestId("demands-table").querySelectorAll("tbody tr");
    expect(dem).toHaveLength(2);
    expect(dem[0].textContent).toBe("client_cpuqueueing3.54 µs820 ns");

    const slider = screen.getByLabelText("scale network");
    for (const v of ["0.9", "0.8", "0.7", "0.5"]) fireEvent.change(slider, { target: { value: v } });
    await waitFor(() => expect(screen.getByTestId("whatif-status").textContent).toMatch(/what-if drawn for 4 points; bottleneck server_cpu/));
    const posts = calls.filter((c) => c.url === "/api/models/whatif");
    expect(posts.length).toBe(4); // debounced: one request per row, for the last value only
    for (const p of posts) expect(p.body).toMatchObject({ run_id: 42, point_no: 0, scales: { network: 0.5 } });
    expect(chart.querySelectorAll(".fig2-whatif")).toHaveLength(2);
    // the table gains a what-if column: 3 threads, think 3 ms → 10 ms × 0.5
    expect(screen.getByTestId("model-table").querySelector("thead")!.textContent).toContain("What-if (ms)");
    const last = screen.getByTestId("model-table").querySelectorAll("tr.t2-row")[3];
    expect(last.querySelectorAll("td")[5].textContent).toBe("5.00");

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(chart.querySelectorAll(".fig2-whatif")).toHaveLength(0));
  });

  it("keeps both cache policies' rows apart: a policy column, one line set per policy, what-if from each policy's base", async () => {
    // the case study's sweep under both call-handle cache policies: points 0–3 per-thread, 4–7 single
    const both = [...points.map((p) => ({ ...p, cache: "per-thread" })), ...points.map((p) => ({ ...p, point_no: p.point_no + 4, cache: "single" }))];
    const rows = [
      ...mvm.rows.map((r, i) => ({ ...r, point_no: i, base_point_no: 0 })),
      ...mvm.rows.map((r, i) => ({ ...r, label: "0 B single", measured: r.measured + 5, point_no: i + 4, base_point_no: 4 })),
    ];
    const run = runFixture({ kind: "rpc", status: "done", params: { points: both } }) as unknown as Run;
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/runs/42/analyses/model_vs_measured" ? { body: { ...mvm, rows } } : undefined),
      ({ url }) => (url === "/api/runs/42/analyses/rtp" ? { body: rtp } : undefined),
      ({ url }) => (url === "/api/runs/42/analyses/demands" ? { body: { points: [] } } : undefined),
      ({ url }) => (url === "/api/models/whatif" ? { body: { baseline_rtt_ns: 0, predicted_rtt_ns: 0, unknown: [], mva: { predicted_response_ns: 1e6, baseline_response_ns: 1e6, predicted_bottleneck: "net" } } } : undefined),
    ]);
    render(<ModelTab run={run} />);
    const chart = await screen.findByTestId("model-chart");
    // one call kind (no separate "0 B single" choice): a panel per policy side by side, 2 thread counts each
    expect(screen.queryByLabelText("Request size")).toBeNull();
    expect([...chart.querySelectorAll(".fig2-panel")].map((p) => p.getAttribute("data-policy"))).toEqual(["per-thread", "single"]);
    expect(chart.querySelectorAll(".series")).toHaveLength(4);
    expect(chart.querySelectorAll('.series[data-series^="single-"]')).toHaveLength(2);
    // Table 2: one block per policy, the policy named in its header
    const blocks = [...screen.getByTestId("model-table").querySelectorAll("tbody")];
    expect(blocks.map((b) => b.querySelector(".t2-block")!.textContent)).toEqual([
      "0 B calls, cache per-thread — demands from point 0 (1 thread, no think time)", "0 B calls, cache single — demands from point 4 (1 thread, no think time)"]);
    const trs = [...screen.getByTestId("model-table").querySelectorAll("tr.t2-row")];
    expect(trs.map((t) => t.getAttribute("data-policy"))).toEqual([...Array(4).fill("per-thread"), ...Array(4).fill("single")]);
    expect(trs[7].querySelectorAll("td")[3].textContent).toBe("22.0"); // single, 3 threads, think 3 ms: 17 + 5
    fireEvent.change(screen.getByLabelText("scale network"), { target: { value: "0.5" } });
    await waitFor(() => expect(screen.getByTestId("whatif-status").textContent).toMatch(/what-if drawn for 8 points/));
    const posts = calls.filter((c) => c.url === "/api/models/whatif").map((c) => (c.body as { point_no: number }).point_no);
    expect(posts.sort()).toEqual([0, 0, 0, 0, 4, 4, 4, 4]);
    expect(chart.querySelectorAll(".fig2-whatif")).toHaveLength(4);
  });

  it("says on every link whether the model applies, in the run's own numbers", async () => {
    // issue 37: lan-1g with 48 % mean error and 7 of 12 points flagged got no banner, loopback always did
    const texts = {
      doubtful: "The model may not apply to this run: 5 of 12 points it judged are within its 10 % tolerance, 7 flagged; mean |error| 48.0 %, from -155.0 % to +60.0 %.",
      applies: "The model applies to this run: 20 of 32 points it judged are within its 10 % tolerance, 12 flagged; mean |error| 10.1 %.",
    };
    for (const level of ["doubtful", "applies"] as const) {
      const run = runFixture({ kind: "rpc", status: "done", params: { points }, link: { profile: "lan-1g" } }) as unknown as Run;
      installFakeFetch([
        ({ url }) => (url.endsWith("/model_vs_measured") ? { body: { ...mvm, applies: level === "applies", verdict: { level, text: texts[level], judged: 12, flagged: 7,
          within_tolerance: 5, mean_abs_error_pct: 48, base_cv: 0.3, noise_floor_cv: 0.4 } } } : undefined),
        ({ url }) => (url.endsWith("/rtp") ? { body: rtp } : undefined),
        ({ url }) => (url.endsWith("/demands") ? { body: { points: [] } } : undefined),
      ]);
      const { unmount } = render(<ModelTab run={run} />);
      await screen.findByTestId("model-chart");
      const banner = screen.getByTestId("model-verdict");
      expect(banner).toHaveTextContent(texts[level]);
      expect(banner.className).toContain(`model-verdict-${level}`);
      expect(screen.queryByTestId("model-caveat")).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it("says above the figure when the model does not apply (loopback on one host), and only then", async () => {
    const caveat = "the model may not apply here: both agents and the backend share this host's 2 CPUs on loopback";
    for (const applies of [false, true]) {
      // with the idle null RPC measured before the sweep, the tab shows it beside the smallest detectable effect
      const precision = applies ? { ci_target_pct: 5, max_rounds: 3, interval: "student-t", noise_floor_calls: 200, points: [],
        points_meeting_target: null, median_ci95_pct: null, noise_floor: { procedure: "null", request_bytes: 0, threads: 1,
          protection: "none", calls: 200, warmup_calls: 10, count: 200, errors: 0, mean_ns: 412_000, median_ns: 400_000,
          p99_ns: 1_200_000, min_ns: 380_000, max_ns: 2_000_000, stddev_ns: 32_960, ci95_half_ns: 3_100, cv: 0.08, error: null } } : null;
      const run = runFixture({ kind: "rpc", status: "done", params: { points }, precision }) as unknown as Run;
      installFakeFetch([
        ({ url }) => (url.endsWith("/model_vs_measured") ? { body: { ...mvm, applies, notes: applies ? [] : [caveat], smallest_detectable_pct: 7.2 } } : undefined),
        ({ url }) => (url.endsWith("/rtp") ? { body: rtp } : undefined),
        ({ url }) => (url.endsWith("/demands") ? { body: { points: [] } } : undefined),
      ]);
      const { unmount } = render(<ModelTab run={run} />);
      await screen.findByTestId("model-chart");
      expect(screen.getByText(/Smallest effect this run can detect: 7\.2 % of the model/)).toBeInTheDocument();
      if (applies) expect(screen.queryByTestId("model-caveat")).toBeNull();
      else expect(screen.getByTestId("model-caveat").textContent).toBe(`${caveat}.`);
      if (applies) expect(screen.getByTestId("noise-floor-line").textContent).toMatch(/^idle null RPC: 412.0 µs ± 3.10 µs \(CV/);
      else expect(screen.queryByTestId("noise-floor")).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it("says per point which solver and why, its bounds, where the model does not apply, and a calibration's verdict", async () => {
    const bounds = (lower: number, upper: number) => ({ lower, upper, throughput_max: 0.25, bottleneck: "network", balanced_lower: null, balanced_upper: null });
    const simWhy = "exact MVA is +12.3% and residual MVA -20.1% from the simulation of the base point's measured service times (cv² 0.05)";
    const na = "the model does not apply here: the host's 2 cores, shared by both agents' threads and the lab's backend, would be 90% busy";
    const rows = [
      { ...row(1, 0, 8, 8.1), point_no: 0, base_point_no: 0, solver: "exact", solver_reason: "the base point itself", bounds: bounds(7.9, 8.1) },
      { ...row(1, 3, 8, 8.2), point_no: 1, base_point_no: 1, solver: "exact", solver_reason: "the base point itself", bounds: bounds(7.9, 8.1) },
      { ...row(3, 0, 11, 11.5), point_no: 2, base_point_no: 0, solver: "simulation", solver_reason: simWhy, bounds: bounds(9, 24), clamped: true },
      // the model does not apply here: even a result still marked anomalous is not flagged
      { ...row(3, 3, 10, 17, true), point_no: 3, base_point_no: 1, solver: "residual", solver_reason: "residual MVA agrees with the simulation within 3%",
        bounds: bounds(8, 24), applies: false, not_applies_reason: na },
    ];
    const result = { ...mvm, rows, solvers: { exact: 2, residual: 1, simulation: 1 }, points_not_applicable: 1,
      simulation: { budget_s: 30, seconds: 4.23, calls_per_point: 20000, calls_over_budget: 2000, reduced_predictions: 0, widest_ci95_pct: 1.34 },
      injection: { kind: "delay", step: "c.marshal", delay_us: 500, every: 1, points: 2, flagged: 1, named_step: 1, missed_points: [3],
        smallest_detectable_delay_us: 212.4, false_flags: 0 } };
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url.endsWith("/model_vs_measured") ? { body: result } : undefined),
      ({ url }) => (url.endsWith("/rtp") ? { body: rtp } : undefined),
      ({ url }) => (url.endsWith("/demands") ? { body: { points: [] } } : undefined),
    ]);
    render(<ModelTab run={run} />);
    const chart = await screen.findByTestId("model-chart");
    const t2 = screen.getByTestId("model-table");
    const heads = [...t2.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads).toEqual(["Threads", "Think (ms)", "Model RTT (ms)", "Exact MVA (ms)", "Measured RTT (ms)", "95% CI (ms)", "Bounds (ms)", "Solver",
      "% error", "Small-packet calls", "Flag"]);
    const trs = [...t2.querySelectorAll("tr.t2-row")];
    // the simulation's row: its solver, clamped into its bounds, the reason on hover and in its numbered note
    const sim = trs[2];
    expect(sim.getAttribute("data-solver")).toBe("simulation");
    const solverCell = sim.querySelector("td.t2-solver")!;
    expect(solverCell.textContent).toBe("simulation, clamped[2]");
    expect(solverCell.getAttribute("title")).toBe(simWhy);
    expect(sim.querySelector("td.t2-bounds")!.textContent).toBe("9.00 – 24.0");
    expect(sim.querySelector("td.t2-bounds")!.getAttribute("title")).toMatch(/^asymptotic bounds: .*bottleneck network, at most 250 calls\/s; .*clamped/);
    const notes = [...screen.getByTestId("model-table-notes").querySelectorAll("li")].map((li) => li.textContent);
    expect(notes[1]).toBe(`simulation: ${simWhy}`);
    // the row the model does not apply to: its reason, no anomaly row, mark, ring or list entry
    const off = trs[3];
    expect(off.className).not.toContain("row-anomaly");
    expect(off.querySelector(".t2-flag")!.textContent).toBe("model does not apply[4]");
    expect(off.querySelector(".t2-flag-mark")).toBeNull();
    expect(notes[3]).toBe("model does not apply: the host's 2 cores, shared by both agents' threads and the lab's backend, would be 90% busy");
    expect(chart.querySelectorAll('.fig2-marker[data-flagged="true"]')).toHaveLength(0);
    expect(chart.querySelectorAll(".fig2-na")).toHaveLength(1);
    expect(screen.queryByTestId("anomalies")).toBeNull();
    // the bounds under each thread count's line; the upper ones where they fit the axes
    expect(chart.querySelectorAll('.fig2-bound[data-bound="lower"]')).toHaveLength(2);
    expect(within(chart).getByTestId("fig2-bounds-legend").textContent).toMatch(/bounds: asymptotic lower/);
    // the run's line: points per solver, the simulation's time and precision, the points the model does not apply to
    expect(screen.getByTestId("model-solvers").textContent).toBe(
      "Solvers: exact MVA at 2 points, residual MVA at 1 point, simulation at 1 point. Simulation: 4.2 s (budget 30 s), widest 95% interval 1.3 % of the mean. " +
      "The model does not apply at 1 of 4 points (nothing flagged there).");
    // the calibration: what was planted, how much of it the model caught, and what it missed
    const cal = screen.getByTestId("model-calibration");
    expect(cal.textContent).toContain("planted: delay in c.marshal, 500 µs every call; flagged at 1 of 2 points, naming the step at 1; the run could have detected a delay of about 212 µs");
    expect(screen.getByTestId("model-calibration-missed").textContent).toBe("missed: point 3; no point without the fault flagged.");
    expect(screen.getByText(/from the 1-thread point of each call kind and think time/)).toBeInTheDocument();
  });

  it("says why when the run has no model", async () => {
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url.endsWith("/model_vs_measured") ? { body: { available: false, reason: "no complete calls" } } : undefined),
      ({ url }) => (url.endsWith("/rtp") ? { body: { points: [] } } : undefined),
    ]);
    render(<ModelTab run={run} />);
    expect((await screen.findByTestId("model-empty")).textContent).toContain("no complete calls");
  });

  it("says a ping-pong run has no model, as the tab bar's ∅ does, with no table of zeros beneath", async () => {
    const run = runFixture({ status: "done" }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url.endsWith("/model_vs_measured") ? { body: { ...mvm, rows: [row(1, 0, 0, 0)] } } : undefined),
      ({ url }) => (url.endsWith("/rtp") ? { body: { points: [] } } : undefined),
    ]);
    render(<ModelTab run={run} />);
    expect((await screen.findByTestId("model-empty")).textContent).toBe("No model for this run: the case study's model is drawn for RPC runs.");
    expect(screen.queryByText("Table 2: model vs measured")).toBeNull();
  });
});
