// The Runs list says what decided each run's result (issue 37, item 1): the link as applied, an RPC run's sizes and
// points, whose calls are per thread and point; the Kind filter offers every kind, not just those on the page.
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { RunsPage } from "../RunsPage";
import { agentsFixture, installFakeFetch, runFixture } from "../../test/fakeApi";

const rpcParams = (extra: Record<string, unknown>) => ({
  transport: "udp", procedure: "null", calls: 200, warmup_calls: 10, link_mbps: 0, link_delay_us: 0,
  points: [0, 1392].flatMap((b) => [1, 3].map((t, i) => ({ point_no: i, request_bytes: b, threads: t, think_time_us: 0 }))),
  ...extra,
});

describe("Runs list columns", () => {
  it("tells apart two runs that differ only by link and says the calls are per thread and point", async () => {
    const items = [
      runFixture({ id: 8, kind: "rpc", status: "done", params: rpcParams({ link_mbps: 20, link_delay_us: 40000 }), link: { profile: "loopback" } }),
      runFixture({ id: 7, kind: "rpc", status: "done", params: rpcParams({}), link: { profile: "loopback" } }),
      runFixture({ id: 6, status: "done", link: { profile: "lan-1g" } }),
    ];
    installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 3, limit: 25, offset: 0 } } : undefined),
    ]);
    render(<MemoryRouter><Routes><Route path="*" element={<RunsPage />} /></Routes></MemoryRouter>);
    const row8 = await screen.findByTestId("run-row-8");
    expect(within(row8).getByTestId("run-link-cell")).toHaveTextContent("loopback + runtime 20 Mbit/s · 40 ms each way");
    expect(within(screen.getByTestId("run-row-7")).getByTestId("run-link-cell")).toHaveTextContent(/^loopback$/);
    expect(within(screen.getByTestId("run-row-6")).getByTestId("run-link-cell")).toHaveTextContent(/^lan-1g$/);
    expect(within(row8).getByTestId("run-calls-cell")).toHaveTextContent("200 +10 per thread and point");
    expect(row8).toHaveTextContent("0 B, 1.36 KiB request · 4 points");
    expect(within(screen.getByTestId("run-row-6")).getByTestId("run-calls-cell")).toHaveTextContent(/^1,000 \+10$/);
    const kinds = [...(screen.getByLabelText("Kind") as HTMLSelectElement).options].map((o) => o.value);
    expect(kinds).toEqual(["", "flows", "pingpong", "rpc", "stream"]);
  });

  it("gives each run its headline RTT, a sweep's as the range over its points, and filters by the link", async () => {
    const items = [
      runFixture({ id: 8, kind: "rpc", status: "done", params: rpcParams({}), link: { profile: "lan-1g" },
        headline: { stat: "median", low_ns: 42_400, high_ns: 5_510_000, points: 4 } }),
      runFixture({ id: 6, status: "done", link: { profile: "lan-1g" },
        headline: { stat: "median", low_ns: 1_870_000, high_ns: 1_870_000, points: 1 } }),
      runFixture({ id: 5, status: "running", link: { profile: "wan" } }),
    ];
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url === "/api/links/profiles" ? { body: [{ name: "loopback" }, { name: "lan-1g" }, { name: "wan" }] } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 3, limit: 25, offset: 0 } } : undefined),
    ]);
    render(<MemoryRouter><Routes><Route path="*" element={<RunsPage />} /></Routes></MemoryRouter>);
    const rtt = (id: number) => within(screen.getByTestId(`run-row-${id}`)).getByTestId("run-rtt-cell");
    await screen.findByTestId("run-row-8");
    expect(rtt(8)).toHaveTextContent("42.4 µs – 5.51 ms");
    expect(rtt(8)).toHaveAttribute("title", expect.stringContaining("4 points"));
    expect(rtt(6)).toHaveTextContent(/^1\.87 ms$/);
    expect(rtt(5)).toHaveTextContent(/^—$/);
    expect(screen.getByRole("columnheader", { name: "RTT (median)" })).toBeInTheDocument();
    const link = screen.getByLabelText("Link") as HTMLSelectElement;
    await screen.findByRole("option", { name: "wan" });
    expect([...link.options].map((o) => o.value)).toEqual(["", "loopback", "lan-1g", "wan"]);
    fireEvent.change(link, { target: { value: "lan-1g" } });
    await vi.waitFor(() => expect(calls.some((c) => c.url.startsWith("/api/runs?") && c.url.includes("link=lan-1g"))).toBe(true));
  });

  it("says a stream's messages sent and the lab's link, and a running sweep's share by its points", async () => {
    // trial 39: a done 2 s stream read "38" calls (a guess the backend sizes it by) and "—" for a link it did cross;
    // the case study, running, read "1 %" (calls out of the most five rounds might make)
    const items = [
      runFixture({ id: 3, kind: "stream", status: "done", calls_done: 8, calls_total: 38, link: {},
        params: { transport: "tcp", message_bytes: 65536, duration_s: 2, interval_ms: 100, calls: 38, warmup_calls: 0 } }),
      runFixture({ id: 1, kind: "rpc", status: "running", calls_done: 1_600, calls_total: 161_600, params: rpcParams({}),
        link: { profile: "ethernet-10m" },
        progress: { phase: "measuring", point: 9, points: 48, round: 1, max_rounds: 5, points_done: 8, share: 0.17, seconds_left: 120 } }),
    ];
    installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 2, limit: 25, offset: 0 } } : undefined),
    ]);
    render(<MemoryRouter><Routes><Route path="*" element={<RunsPage />} /></Routes></MemoryRouter>);
    const stream = await screen.findByTestId("run-row-3");
    expect(within(stream).getByTestId("run-calls-cell")).toHaveTextContent(/^8 in 2 s$/);
    expect(within(stream).getByTestId("run-link-cell")).toHaveTextContent("lab's, not recorded");
    expect(within(screen.getByTestId("run-row-1")).getByTestId("run-share")).toHaveTextContent(/^17 %$/);
  });
});

function Where() {
  return <span data-testid="where">{useLocation().search}</span>;
}

describe("Runs list filters", () => {
  it("keeps a sort clicked while a typed search waits for its debounce, and both dates of a range", async () => {
    const items = [runFixture({ id: 6, status: "done" })];
    installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 1, limit: 25, offset: 0 } } : undefined),
    ]);
    render(<MemoryRouter><Routes><Route path="*" element={<><RunsPage /><Where /></>} /></Routes></MemoryRouter>);
    await screen.findByTestId("run-row-6");
    fireEvent.change(screen.getByTestId("runs-search"), { target: { value: "nightly" } });
    fireEvent.click(screen.getByTestId("sort-calls")); // before the search's 300 ms have passed
    await act(() => new Promise((done) => setTimeout(done, 400)));
    expect(screen.getByTestId("where").textContent).toMatch(/sort=calls/);
    expect(screen.getByTestId("where").textContent).toMatch(/q=nightly/);
    fireEvent.change(screen.getByLabelText("Created from"), { target: { value: "2030-01-02" } });
    fireEvent.change(screen.getByLabelText("Created to"), { target: { value: "2030-01-05" } });
    expect(screen.getByTestId("where").textContent).toMatch(/from=2030-01-02.*to=2030-01-05|to=2030-01-05.*from=2030-01-02/);
    expect(screen.getByTestId("where").textContent).toMatch(/sort=calls/);
  });
});
