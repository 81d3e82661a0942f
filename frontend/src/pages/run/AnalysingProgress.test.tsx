// A run still being analysed: "Analysing… k of n" with a bar until the analyses are stored, then the tab opens.
import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { RunPage } from "../RunPage";
import { FakeEventSource, callsFixture, installFakeFetch, rttStatFixture, runFixture, summaryFixture } from "../../test/fakeApi";

describe("a finished run the analysis worker is still analysing", () => {
  it("shows Analysing… k of n with a bar, asks again until the analyses are stored, then opens the tab", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    // the worker's answers, one a poll: waiting its turn, then two kinds done, then five, then stored
    const answers = [0, 2, 5].map((done) => ({
      status: 202, body: { run_id: 42, status: "done", kinds: [], error: null, seconds: null, state: "analysing", done, total: 8 },
    }));
    const stored = { body: { run_id: 42, status: "done", kinds: ["ecs", "step_stats"], error: null, seconds: 1.2 } };
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/runs/42" ? { body: run } : undefined),
      ({ url }) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
      ({ url }) => (url === "/api/runs/42/analyses" ? answers.shift() ?? stored : undefined),
      ({ url }) => (url.endsWith("/analyses/ecs") ? { body: { throughput: [], anova: null, regression: null, ratios: [], reason: "one request size" } } : undefined),
      ({ url }) => (url.endsWith("/analyses/step_stats") ? { body: { points: [{ point_no: 0, calls: 600, rtt: rttStatFixture(21_500), steps: [] }] } } : undefined),
    ]);
    render(
      <MemoryRouter initialEntries={["/runs/42?tab=statistics"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/runs/:id" element={<RunPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const bar = await screen.findByTestId("analysing-progress");
    expect(bar).toHaveAttribute("role", "progressbar");
    expect(bar).toHaveAttribute("aria-valuemax", "8");
    await waitFor(() => expect(screen.getByTestId("analysing-progress")).toHaveTextContent("Analysing… 2 of 8"));
    expect(screen.getByTestId("analysing-progress")).toHaveAttribute("aria-valuenow", "2");
    await waitFor(() => expect(screen.getByTestId("analysing-progress")).toHaveTextContent("Analysing… 5 of 8"));
    // meanwhile the tab asked nothing of its analyses (each would have been a 202 to show as unavailable)
    expect(calls.filter((c) => /\/analyses\/\w+$/.test(c.url))).toEqual([]);

    await screen.findByTestId("ci-table");
    expect(screen.queryByTestId("analysing-progress")).toBeNull();
    expect(calls.filter((c) => c.url === "/api/runs/42/analyses")).toHaveLength(4); // stopped at the stored answer
    expect(calls.some((c) => c.url.endsWith("/analyses/step_stats"))).toBe(true);
  });

  it("shows no progress for a run whose analyses are stored", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/runs/42" ? { body: run } : undefined),
      ({ url }) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
      ({ url }) => (url === "/api/runs/42/analyses" ? { body: { run_id: 42, status: "done", kinds: ["rtp"], error: null, seconds: 1 } } : undefined),
    ]);
    render(
      <MemoryRouter initialEntries={["/runs/42"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/runs/:id" element={<RunPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByTestId("summary-stats");
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/runs/42/analyses")).toHaveLength(1));
    expect(screen.queryByTestId("analysing-progress")).toBeNull();
  });
});
