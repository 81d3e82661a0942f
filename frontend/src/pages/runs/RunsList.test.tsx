// The Runs list says what decided each run's result (issue 37, item 1): the link as applied, an RPC run's sizes and
// points, whose calls are per thread and point; the Kind filter offers every kind, not just those on the page.
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { RunsPage } from "../RunsPage";
import { agentsFixture, installFakeFetch, runFixture } from "../../test/fakeApi";

afterEach(() => vi.unstubAllGlobals());

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
});
