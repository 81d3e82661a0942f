// Live RTT on the run page: waits for the first calls, draws streamed calls once each, polls live-calls when the stream
// fails, and gives way to the results.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { RunPage } from "../RunPage";
import { FakeEventSource, callsFixture, installFakeFetch, runFixture, summaryFixture, type FakeCall } from "../../test/fakeApi";
import type { CallsEvent } from "../../charts/liveRtt/transform";
import { callsEvent } from "../../charts/liveRtt/testEvents";

const liveEvent = (id: number, from: number, rtts: number[]) => callsEvent(id, 0, from, rtts, 0, 1e5);

let run: Record<string, unknown>;
let liveEvents: CallsEvent[] = [];
const handlers = [
  ({ method, url }: FakeCall) => (method === "GET" && url === "/api/runs/42" ? { body: run } : undefined),
  ({ url }: FakeCall) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
  ({ url }: FakeCall) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
  ({ url }: FakeCall) => {
    const m = /^\/api\/runs\/42\/live-calls\?after=(\d+)$/.exec(url);
    return m ? { body: { run_id: 42, status: "running", events: liveEvents.filter((e) => e.id > Number(m[1])) } } : undefined;
  },
];

function renderRun() {
  return render(
    <MemoryRouter initialEntries={["/runs/42"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/runs/:id" element={<RunPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  FakeEventSource.instances = [];
  liveEvents = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
describe("Live RTT on the run page", () => {
  it("waits for the first calls, draws the streamed ones once each, and gives way to the results at the end", async () => {
    run = runFixture();
    installFakeFetch(handlers);
    renderRun();
    expect(await screen.findByTestId("live-rtt-empty")).toHaveTextContent("Waiting for the first calls…");
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const es = FakeEventSource.instances[0];
    const first = liveEvent(1, 0, [20_000, 21_000, 22_000, 90_000]);
    act(() => {
      es.emit("calls", first);
      es.emit("calls", liveEvent(2, 4, [20_500, 21_500, 23_000, 24_000]));
      es.emit("calls", first); // a repeat (reconnect) is not drawn twice
    });
    await waitFor(() => expect(screen.getByTestId("live-rtt-stats")).toHaveTextContent("8 calls measured"));
    expect(screen.queryByTestId("live-rtt-empty")).toBeNull();
    const dots = screen.getByTestId("chart-live-rtt").querySelector("path.live-dots")?.getAttribute("d") ?? "";
    expect(dots.split("M").length - 1).toBe(8);
    expect(screen.getByTestId("live-rtt-stats")).toHaveTextContent("p50 23.0 µs, p99 24.0 µs over 4 calls");

    run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    act(() => es.emit("progress", { status: "done", calls_done: 1010, calls_total: 1010, reason: null }));
    expect(screen.queryByTestId("chart-live-rtt")).toBeNull();
    expect(await screen.findByTestId("chart-rtt-per-call")).toBeInTheDocument();
  });

  it("polls GET live-calls after the last event it has when the event stream fails", async () => {
    run = runFixture();
    const { calls } = installFakeFetch(handlers);
    renderRun();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    liveEvents = [liveEvent(1, 0, [30_000, 31_000, 32_000])];
    act(() => FakeEventSource.instances[0].fail());
    await waitFor(() => expect(screen.getByTestId("live-rtt-stats")).toHaveTextContent("3 calls measured"));
    liveEvents.push(liveEvent(2, 3, [33_000, 34_000]));
    await waitFor(() => expect(screen.getByTestId("live-rtt-stats")).toHaveTextContent("5 calls measured"), {
      timeout: 3000,
    });
    const polled = calls.filter((c) => c.url.startsWith("/api/runs/42/live-calls")).map((c) => c.url);
    expect(polled[0]).toBe("/api/runs/42/live-calls?after=0");
    expect(polled).toContain("/api/runs/42/live-calls?after=1");
  });
});
