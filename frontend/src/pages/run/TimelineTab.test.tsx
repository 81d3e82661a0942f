// The Timeline tab: opened from the URL, paging through calls and searching for a call.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { RunPage } from "../RunPage";
import { FakeEventSource, installFakeFetch, runFixture, summaryFixture, callsFixture } from "../../test/fakeApi";
import { encodeTimeline } from "../../charts/timeline/wire";

function timelineFixture(n: number, from = 0) {
  const call_no = Array.from({ length: n }, (_, i) => from + i);
  return {
    unit: "ns" as const, origin_ns: 1e12, from_call: from, to_call: from + n, total_calls: 30_000, next_call: from + n,
    calls: { call_no, flags: call_no.map(() => 0), start_ns: call_no.map((c) => c * 50_000), rtt_ns: call_no.map(() => 20_000) },
    steps: {
      call_no: call_no.flatMap((c) => [c, c]),
      code: call_no.flatMap(() => [1, 102]),
      start_ns: call_no.flatMap((c) => [c * 50_000, c * 50_000 + 8_000]),
      end_ns: call_no.flatMap((c) => [c * 50_000 + 3_000, c * 50_000 + 9_000]),
    },
    codes: [
      { code: 1, name: "c.send", side: "client", paper: "C8" },
      { code: 102, name: "s.recv", side: "server", paper: "S4" },
    ],
  };
}

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

describe("Timeline tab", () => {
  it("opens from the URL, pages through calls and searches a call", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    // jsdom has no 2D canvas: the chart skips drawing (the real drawing is exercised in Chromium by the e2e suite)
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    const run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    const { calls, fetchMock } = installFakeFetch([
      ({ url }) => (url === "/api/runs/42" ? { body: run } : undefined),
      ({ url }) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
    ]);
    // the tab asks for the binary timeline (charts/timeline/wire.ts): its answer is bytes, not JSON
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const m = /^\/api\/runs\/42\/timeline\?from_call=(\d+)&max_calls=200000&format=binary$/.exec(url);
      if (!m) return fetchMock(input, init);
      calls.push({ method: "GET", url, body: undefined, headers: new Headers(init?.headers), credentials: init?.credentials });
      return new Response(encodeTimeline(timelineFixture(100, Number(m[1]))), { headers: { "Content-Type": "application/vnd.perflab.timeline" } });
    });
    render(
      <MemoryRouter initialEntries={["/runs/42?tab=timeline&call=7"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/runs/:id" element={<RunPage />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId("timeline")).toBeInTheDocument();
    expect(screen.getByTestId("tab-timeline")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("timeline-canvas")).toHaveAccessibleName(/100 calls and 200 steps/);
    expect(screen.getByRole("button", { name: /c\.send/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("timeline-range")).toHaveTextContent("calls 0–99 of 30,000");
    // the deep-linked call is in view: a narrow window around it
    // (the narrowing follows the first draw: on a busy machine it may land a frame later)
    await waitFor(() => expect(screen.getByTestId("timeline-window")).toHaveTextContent(/calls \d of 100 shown/));

    fireEvent.change(screen.getByLabelText("Search a call number or a step"), { target: { value: "#42" } });
    fireEvent.submit(screen.getByLabelText("Search a call number or a step"));
    expect(screen.getByTestId("where")).toHaveTextContent("/runs/42?tab=timeline&call=42");
    fireEvent.change(screen.getByLabelText("Search a call number or a step"), { target: { value: "#4000" } });
    expect(screen.getByRole("status")).toHaveTextContent("call #4000 is not among the 100 calls shown");

    fireEvent.change(screen.getByLabelText("Minimum step duration (µs)"), { target: { value: "abc" } });
    expect(screen.getByRole("status")).toHaveTextContent("must be numbers of µs");
    expect(screen.getByLabelText("Minimum step duration (µs)")).toHaveClass("invalid");

    fireEvent.click(screen.getByRole("button", { name: "Later calls ›" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/runs/42?tab=timeline&from=100");
    await waitFor(() => expect(screen.getByTestId("timeline-range")).toHaveTextContent("calls 100–199 of 30,000"));
    expect(calls.some((c) => c.url === "/api/runs/42/timeline?from_call=100&max_calls=200000&format=binary")).toBe(true);

    fireEvent.click(screen.getByTestId("tab-results"));
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/runs\/42$/);
    expect(await screen.findByTestId("summary-stats")).toBeInTheDocument();
  });
});
