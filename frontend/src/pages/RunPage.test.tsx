// The run page end to end: progress events then results, a queued run's wait, polling when the stream fails, a
// failure's reason, cancel, retries on 5xx and an unknown run.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { RunPage } from "./RunPage";
import {
  FakeEventSource,
  callsFixture,
  installFakeFetch,
  runFixture,
  stepStatsFixture,
  summaryFixture,
  type FakeCall,
} from "../test/fakeApi";

function renderRun(id = 42) {
  return render(
    <MemoryRouter initialEntries={[`/runs/${id}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/runs/:id" element={<RunPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

let run: Record<string, unknown>;
const handlers = [
  ({ method, url }: FakeCall) => (method === "GET" && url === "/api/runs/42" ? { body: run } : undefined),
  ({ url }: FakeCall) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
  ({ url }: FakeCall) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
  ({ url }: FakeCall) => (url === "/api/runs/42/analyses/step_stats" ? { body: stepStatsFixture } : undefined),
  ({ method, url }: FakeCall) =>
    method === "POST" && url === "/api/runs/42/cancel"
      ? { body: (run = { ...run, status: "cancelled", reason: "cancelled" }) }
      : undefined,
];

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
describe("RunPage", () => {
  it("follows progress events, then shows the results", async () => {
    run = runFixture();
    installFakeFetch(handlers);
    renderRun();
    const bar = await screen.findByTestId("run-progress");
    expect(screen.getByTestId("run-status")).toHaveTextContent("running");
    expect(bar).toHaveAttribute("role", "progressbar");
    // a run without the backend's progress (an older backend): calls done, no time left made up
    expect(bar).toHaveAttribute("aria-valuenow", "24");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveTextContent("250 / 1,010 calls · 24 %");
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const es = FakeEventSource.instances[0];
    expect(es.url).toBe("/api/runs/42/events");
    const progress = { phase: "measuring", point: 1, points: 1, round: 1, max_rounds: 1, points_done: 0, share: 0.79, seconds_left: 12.4 };
    act(() => es.emit("progress", { status: "running", calls_done: 800, calls_total: 1010, reason: null, progress }));
    expect(screen.getByTestId("run-progress")).toHaveAttribute("aria-valuenow", "79");
    expect(screen.getByTestId("run-progress")).toHaveTextContent("800 / 1,010 calls · 79 %");
    expect(screen.getByTestId("run-time-left")).toHaveTextContent("about 10 s left");

    run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    act(() => es.emit("progress", { status: "done", calls_done: 1010, calls_total: 1010, reason: null }));
    expect(es.closed).toBe(true);
    expect(screen.getByTestId("run-status")).toHaveTextContent("done");
    // the bar stays, full, once done
    expect(screen.getByTestId("run-progress")).toHaveAttribute("aria-valuenow", "1010");
    expect(screen.getByTestId("run-progress")).toHaveTextContent("1,010 / 1,010 calls · 100 %");
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();

    const stats = await screen.findByTestId("summary-stats");
    expect(stats).toHaveTextContent("21.5 µs"); // mean
    expect(stats).toHaveTextContent("21.3 µs – 21.7 µs"); // CI
    expect(stats).toHaveTextContent("1.25 ms"); // max
    expect(screen.getByTestId("first-call")).toHaveTextContent("First call: 123.4 µs");
    // every call in one category: the counts add up, and the per-call legend says the same
    expect(screen.getByTestId("point-counts")).toHaveTextContent("1,010 calls: 999 measured · 1 first call · 10 more warm-up · 0 errors");
    expect(await screen.findByTestId("chart-rtt-per-call")).toHaveTextContent("warm-up (10)");
    expect(screen.getByTestId("chart-cdf")).toBeInTheDocument();
    expect(screen.getByTestId("chart-box")).toBeInTheDocument();
    expect(screen.queryByTestId("point-table")).toBeNull(); // one point: no table of points
    expect(await screen.findByTestId("steps-table")).toHaveTextContent("s.wait");
    expect(screen.getByTestId("steps-table")).toHaveTextContent("C8");
    expect(screen.getByTestId("chart-rtt-per-call")).toBeInTheDocument();
    expect(screen.getByTestId("chart-rtt-histogram").querySelector(".marker-p99")).toHaveTextContent("p99 40.2 µs");
  });

  it("says an RPC run's point and round, and its noise floor probe, not calls out of the worst case", async () => {
    const points = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ point_no: i, request_bytes: 4016, threads: 1 + (i % 3) * 2, think_time_us: 3000 * i, protection: "none", cache: "single" }));
    const params = { transport: "udp", calls: 200, warmup_calls: 10, ci_target_pct: 5, max_rounds: 5, noise_floor_calls: 120, points };
    run = runFixture({ kind: "rpc", calls_done: 0, calls_total: 161_600, params,
      progress: { phase: "noise_floor", point: null, points: 8, round: null, max_rounds: 5, points_done: 0, share: 0, seconds_left: 95 } });
    installFakeFetch(handlers);
    renderRun();
    expect(await screen.findByTestId("run-phase")).toHaveTextContent("Probing the noise floor");
    expect(screen.getByTestId("run-phase-detail")).toHaveTextContent("120 idle null RPCs before the first point");
    expect(screen.getByTestId("run-progress")).not.toHaveTextContent("0 / 120 calls");
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const es = FakeEventSource.instances[0];
    // point 7, round 2: 34,000 calls of the 161,600 the run may make (21 %) but most of its points behind it
    act(() => es.emit("progress", { status: "running", calls_done: 34_000, calls_total: 161_600, reason: null,
      progress: { phase: "measuring", point: 7, points: 8, round: 2, max_rounds: 5, points_done: 6, share: 0.81, seconds_left: 200 } }));
    expect(screen.getByTestId("run-phase")).toHaveTextContent("Point 7 of 8 · round 2");
    expect(screen.getByTestId("run-phase-detail")).toHaveTextContent("4,016 B · 1 thread · think 18 ms · single cache — a point repeats until its mean's 95 % interval is within 5 % (at most 5 rounds)");
    const bar = screen.getByTestId("run-progress");
    expect(bar).toHaveTextContent("6 of 8 points done · 81 % · 34,000 calls stored");
    expect(bar).not.toHaveTextContent("21 %");
    expect(bar).toHaveAttribute("aria-valuenow", "81");
    expect(screen.getByTestId("run-time-left")).toHaveTextContent("about 3 min 20 s left");
  });

  it("shows an RPC run's noise floor and rounds per point above its results", async () => {
    const floor = { procedure: "null", request_bytes: 0, threads: 1, protection: "none", calls: 200, warmup_calls: 10,
      count: 200, errors: 0, mean_ns: 25_950, median_ns: 24_636, p99_ns: 50_522, min_ns: 23_234, max_ns: 59_292,
      stddev_ns: 5004, ci95_half_ns: 693.4, cv: 0.193, error: null };
    run = runFixture({ kind: "rpc", status: "done", calls_done: 1010, calls_total: 1010, finished_at: "2024-05-01T10:00:03Z",
      params: { transport: "udp", calls: 1000, warmup_calls: 10, points: [{ point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0 }] },
      precision: { ci_target_pct: 5, max_rounds: 5, interval: "student-t", noise_floor_calls: 200, noise_floor: floor,
        points: [{ point_no: 0, rounds: 2, calls: 2010, measured: 2000, mean_ns: 26_149, ci95_half_ns: 969, ci95_pct: 3.7, met: true }],
        points_meeting_target: 1, median_ci95_pct: 3.7 } });
    installFakeFetch(handlers);
    renderRun();
    expect(await screen.findByTestId("noise-floor-line")).toHaveTextContent("idle null RPC: 25.9 µs ± 693 ns (CV 0.19)");
    expect(screen.getByTestId("precision-summary")).toHaveTextContent("1 of 1 point met the target of ±5.0 % within 5 rounds.");
    expect(screen.getByTestId("point-rounds")).toHaveTextContent("2 of 5");
  });

  it("says what a queued run waits for, then when it started, from the events alone (never a bare dash)", async () => {
    run = runFixture({ status: "queued", calls_done: 0, started_at: null });
    installFakeFetch(handlers);
    renderRun();
    expect(await screen.findByTestId("run-times")).toHaveTextContent("waiting for the server agent to listen");
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const es = FakeEventSource.instances[0];
    // a backend that sends no start time: the run is starting, not "—"
    act(() => es.emit("progress", { status: "running", calls_done: 0, calls_total: 1010, reason: null }));
    expect(screen.getByTestId("run-times")).toHaveTextContent(/^starting…/);
    act(() => es.emit("progress", { status: "running", calls_done: 10, calls_total: 1010, reason: null,
      started_at: "2024-05-01T10:00:01Z", finished_at: null }));
    expect(screen.getByTestId("run-times")).toHaveTextContent(/^started \d{4}-\d\d-\d\d \d\d:\d\d:01 · running for/);
    expect(screen.getByTestId("run-facts")).not.toHaveTextContent("—");
  });

  it("offers to run it again with its settings, and keeps notes and tags with the run", async () => {
    run = runFixture({ status: "done", calls_done: 1010, calls_total: 1010, finished_at: "2024-05-01T10:00:03Z", notes: "", tags: [], series_key: "a".repeat(32) });
    const { calls } = installFakeFetch([
      ({ method, url, body }: FakeCall) => {
        if (method !== "PATCH" || url !== "/api/runs/42") return undefined;
        const edit = body as { notes: string; tags: string[] };
        return { body: (run = { ...run, notes: edit.notes, tags: edit.tags, series_key: "b".repeat(32) }) };
      },
      ...handlers,
    ]);
    renderRun();
    expect(await screen.findByTestId("run-again")).toHaveAttribute("href", "/launch?from=42");
    expect(screen.getByTestId("run-notes")).toHaveTextContent("Notes none");
    fireEvent.click(screen.getByRole("button", { name: "Add notes or tags" }));
    fireEvent.change(screen.getByPlaceholderText(/what this run was for/), { target: { value: "after the kernel update" } });
    fireEvent.change(screen.getByPlaceholderText("comma-separated"), { target: { value: "kernel-6.18, baseline" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByTestId("run-notes-text")).toHaveTextContent("after the kernel update");
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ notes: "after the kernel update", tags: ["kernel-6.18", "baseline"] });
    expect(screen.getByTestId("run-notes")).toHaveTextContent("the new tags put the run in another series");
    expect(screen.getByTestId("run-facts")).toHaveTextContent("kernel-6.18");
  });

  it("collapses a finished run's progress to a line among its facts", async () => {
    run = runFixture({ status: "done", calls_done: 1010, calls_total: 1010, finished_at: "2024-05-01T10:00:03.5Z" });
    installFakeFetch(handlers);
    renderRun();
    const facts = await screen.findByTestId("run-facts");
    expect(facts).toContainElement(screen.getByTestId("run-progress"));
    expect(screen.getByTestId("run-progress")).toHaveTextContent("1,010 / 1,010 calls · 100 %");
    expect(screen.getByTestId("run-times")).toHaveTextContent(/took 2\.50 s$/);
    expect(screen.queryByText("Completed")).toBeNull(); // no panel of its own
    expect(facts).toHaveTextContent("local-a → local-b");
  });

  it("says a finished run complete by its points, not by calls out of the most it might have made", async () => {
    // a case study whose points met their interval early: 44,000 calls stored of the 161,600 five rounds allow
    run = runFixture({ kind: "rpc", status: "done", calls_done: 44_000, calls_total: 161_600, finished_at: "2024-05-01T10:00:03Z",
      progress: { phase: "done", point: null, points: 48, round: null, max_rounds: 5, points_done: 48, share: 1, seconds_left: null } });
    installFakeFetch(handlers);
    renderRun();
    const bar = await screen.findByTestId("run-progress");
    expect(bar).toHaveTextContent("48 of 48 points · 44,000 calls · 100 %");
    expect(bar).not.toHaveTextContent("27 %");
    expect(bar).toHaveAttribute("aria-valuenow", "100");
  });

  it("falls back to polling when the event stream errors", async () => {
    run = runFixture({ status: "queued", calls_done: 0, started_at: null });
    const { calls } = installFakeFetch(handlers);
    renderRun();
    await screen.findByTestId("run-progress");
    const before = calls.filter((c) => c.url === "/api/runs/42").length;
    run = runFixture({ calls_done: 600 });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.instances[0].fail());
    await waitFor(() => expect(screen.getByTestId("run-progress")).toHaveTextContent("600 / 1,010 calls"));
    expect(calls.filter((c) => c.url === "/api/runs/42").length).toBeGreaterThan(before);
    expect(FakeEventSource.instances[0].closed).toBe(true);
  });

  it("shows the failure reason and keeps the uploaded calls", async () => {
    run = runFixture({
      status: "failed",
      reason: "peer unreachable: connect 127.0.0.1:40123: Connection refused",
      finished_at: "2024-05-01T10:00:02Z",
    });
    installFakeFetch(handlers);
    renderRun();
    expect(await screen.findByTestId("run-reason")).toHaveTextContent("peer unreachable");
    expect(screen.getByText(/are kept and\s+shown below/)).toBeInTheDocument();
    expect(await screen.findByTestId("summary-stats")).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("cancels a running run", async () => {
    run = runFixture();
    installFakeFetch(handlers);
    renderRun();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("run-status")).toHaveTextContent("cancelled"));
  });

  it("retries the results when the backend answers 5xx", async () => {
    run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    let summaryCalls = 0;
    installFakeFetch([
      ({ url }) => (url === "/api/runs/42/summary" && ++summaryCalls === 1 ? { status: 503, body: { detail: "busy" } } : undefined),
      ...handlers,
    ]);
    renderRun();
    expect(await screen.findByTestId("summary-stats", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(summaryCalls).toBe(2);
  });

  it("reports an unknown run", async () => {
    installFakeFetch([]);
    renderRun(9999);
    expect(await screen.findByText("Run 9999 not found")).toBeInTheDocument();
  });
});
