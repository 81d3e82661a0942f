// Results of a sweep, point by point (issue 18): a table of the points in words, each point's own statistics,
// counts that add up and agree with the per-call legend, CDF and box plot per point, a selected point in the URL.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import type { Run } from "../../api/types";
import { installFakeFetch, runFixture } from "../../test/fakeApi";
import { Results } from "./Results";

const THREADS = 3;
const WARMUP = 10;
const CALLS = 100;
const PER_POINT = THREADS * (WARMUP + CALLS);
const points = [
  { point_no: 0, request_bytes: 1392, threads: THREADS, think_time_us: 9000, protection: "none", cache: "per-thread" },
  { point_no: 1, request_bytes: 1392, threads: THREADS, think_time_us: 9000, protection: "none", cache: "single" },
  { point_no: 2, request_bytes: 4016, threads: THREADS, think_time_us: 9000, protection: "none", cache: "single" },
];
const base = [6_000_000, 8_000_000, 12_000_000];

function pointSummary(i: number) {
  const ns = base[i];
  const stats = { count: 300, mean_ns: ns, median_ns: ns, p90_ns: ns * 1.2, p99_ns: ns * 2, p999_ns: ns * 3, stddev_ns: ns / 10,
    ci95_low_ns: ns * 0.98, ci95_high_ns: ns * 1.02, min_ns: ns * 0.9, max_ns: ns * 3 };
  return {
    point_no: i, calls: PER_POINT, counts: { measured: 300, first: THREADS, warmup: THREADS * WARMUP - THREADS, error: 0 },
    rtt: stats, first_calls: { count: THREADS, median_ns: ns * 2, min_ns: ns * 1.9, max_ns: ns * 2.1 },
    cdf: { rtt_ns: [ns * 0.9, ns, ns * 1.2, ns * 3], p: [0.01, 0.5, 0.9, 1] },
    box: { q1_ns: ns * 0.95, median_ns: ns, q3_ns: ns * 1.1, mean_ns: ns, whisker_low_ns: ns * 0.9, whisker_high_ns: ns * 1.3,
      outliers_low: 0, outliers_high: 2, outlier_ns: [ns * 2, ns * 3] },
  };
}

/** The calls of a point as the RPC agent numbers them: thread by thread, each thread's first call flagged first
 * and warm-up, its next WARMUP - 1 warm-up. */
function pointCalls(p: number) {
  const call_no: number[] = [], flags: number[] = [], rtt_ns: number[] = [];
  for (let t = 0; t < THREADS; t++) {
    for (let i = 0; i < WARMUP + CALLS; i++) {
      call_no.push(p * PER_POINT + t * (WARMUP + CALLS) + i);
      flags.push((i < WARMUP ? 1 : 0) | (i === 0 ? 2 : 0));
      rtt_ns.push(base[p] + (i % 7) * 1000);
    }
  }
  return { call_no, flags, rtt_ns, point_no: call_no.map(() => p), stride: 1, total: PER_POINT };
}

const run = runFixture({ id: 7, kind: "rpc", status: "done", calls_done: 3 * PER_POINT, calls_total: 3 * PER_POINT,
  params: { transport: "udp", procedure: "sink", calls: CALLS, warmup_calls: WARMUP, points } }) as unknown as Run;

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.search}</span>;
}

function renderResults(entry = "/runs/7", summaryFails = false) {
  const { calls } = installFakeFetch([
    ({ url }) => (url === "/api/runs/7/summary" && summaryFails ? { status: 404, body: { detail: "run 7 has no summary" } } : undefined),
    ({ url }) => (url === "/api/runs/7/summary"
      ? { body: { unit: "ns", first_call: null, rtt: null, warmup_calls: 90, error_calls: 0, steps: [], points: [0, 1, 2].map(pointSummary) } }
      : undefined),
    ({ url }) => {
      const m = /^\/api\/runs\/7\/calls\?max_points=\d+&point=(\d)$/.exec(url);
      return m ? { body: pointCalls(Number(m[1])) } : undefined;
    },
    ({ url }) => (url === "/api/runs/7/analyses/step_stats" ? { body: { points: [] } } : undefined),
  ]);
  render(
    <MemoryRouter initialEntries={[entry]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/runs/:id" element={<><Results run={run} /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe("Results of a sweep", () => {
  it("lists every point in words with its own statistics, never one mean for the whole sweep", async () => {
    renderResults();
    const table = await screen.findByTestId("point-table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent("4,016 B · 3 threads · think 9 ms · single cache");
    expect(rows[0]).toHaveTextContent("6.00 ms");
    expect(rows[2]).toHaveTextContent("12.0 ms");
    expect(rows[2]).toHaveTextContent("11.8 ms – 12.2 ms"); // its 95% CI
    expect(rows[2]).toHaveTextContent("24.0 ms (3)"); // its first calls: median and count
  });

  it("the point's counts add up, and the per-call legend shows the same numbers", async () => {
    renderResults();
    expect(await screen.findByTestId("point-counts"))
      .toHaveTextContent("330 calls: 300 measured · 3 first calls · 27 more warm-up · 0 errors");
    expect(screen.getByTestId("first-call")).toHaveTextContent("First calls: 12.0 ms median");
    const legend = await screen.findByTestId("chart-rtt-per-call");
    expect(legend).toHaveTextContent("measured (300)");
    expect(legend).toHaveTextContent("first calls (3)");
    expect(legend).toHaveTextContent("warm-up (27)");
    expect(legend).toHaveTextContent("calls numbered thread by thread (3 threads)");
    // one warm-up band per caller thread, not one over the whole point
    expect(legend.querySelectorAll(".warmup-band")).toHaveLength(THREADS);
  });

  it("draws a CDF and a box per point and selects a point from the table, the URL or the charts", async () => {
    const calls = renderResults("/runs/7?point=1");
    const cdf = await screen.findByTestId("chart-cdf");
    expect(cdf.querySelectorAll("path.cdf-line")).toHaveLength(3);
    expect(cdf.querySelector("path.cdf-selected")).toHaveAttribute("data-point", "1");
    expect(screen.getByTestId("chart-box").querySelectorAll("g.box-row")).toHaveLength(3);
    expect(screen.getByTestId("point-detail")).toHaveAttribute("data-point", "1");
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("&point=1"))).toBe(true));

    fireEvent.click(within(screen.getByTestId("point-table")).getAllByRole("row")[3]);
    await waitFor(() => expect(screen.getByTestId("point-detail")).toHaveAttribute("data-point", "2"));
    expect(screen.getByTestId("where")).toHaveTextContent("?point=2");
    expect(screen.getByText(/Point #2: 4,016 B · 3 threads · think 9 ms · single cache/)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("&point=2"))).toBe(true));

    fireEvent.click(screen.getByTestId("chart-cdf").querySelector('path[data-point="0"]')!);
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?point=0"));
    fireEvent.click(screen.getByTestId("chart-box").querySelector('g.box-row[data-point="1"]')!);
    await waitFor(() => expect(screen.getByTestId("point-detail")).toHaveAttribute("data-point", "1"));
  });

  it("a point's calls load from the run's parameters, whether or not its statistics have come", async () => {
    renderResults("/runs/7?point=2", true);
    expect(await screen.findByTestId("chart-rtt-per-call")).toHaveTextContent("first calls (3)"); // counted on the calls
    expect(screen.getByText("Point #2: 4,016 B · 3 threads · think 9 ms · single cache")).toBeInTheDocument();
    expect(screen.getAllByText("Could not load the statistics").length).toBeGreaterThan(0);
  });
});
