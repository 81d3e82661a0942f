import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { AgentsPage } from "./AgentsPage";
import { RunsPage, parseRunsQuery, rangeText } from "./RunsPage";
import { agentsFixture, installFakeFetch, runFixture } from "../test/fakeApi";

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/agents" element={<AgentsPage />} />
        <Route path="/runs" element={<RunsPage />} />
        <Route path="/runs/:id" element={<div>run page</div>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe("AgentsPage", () => {
  it("lists agents with their status", async () => {
    installFakeFetch([({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined)]);
    renderAt("/agents");
    const row = await screen.findByTestId("agent-row-local-a");
    expect(within(row).getByTestId("agent-status")).toHaveTextContent(/^online$/);
    expect(within(screen.getByTestId("agent-row-gone")).getByTestId("agent-status")).toHaveTextContent(/^offline$/);
    expect(within(row).getByText("tcp, udp")).toHaveClass("chip-value");
  });
});

describe("RunsPage", () => {
  it("reads filter and page from the URL and queries the API with them", async () => {
    const items = Array.from({ length: 25 }, (_, i) => runFixture({ id: 60 - i, status: "done" }));
    const { calls } = installFakeFetch([
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 60, limit: 25, offset: 25 } } : undefined),
    ]);
    renderAt("/runs?status=done&page=2");
    await screen.findByTestId("run-row-60");
    expect(calls[0].url).toBe("/api/runs?status=done&limit=25&offset=25");
    expect(screen.getByTestId("runs-range")).toHaveTextContent("26–50 of 60");
    expect(screen.getByTestId("status-filter")).toHaveValue("done");

    fireEvent.click(screen.getByRole("button", { name: /Next/ }));
    expect(screen.getByTestId("where")).toHaveTextContent("/runs?status=done&page=3");
    fireEvent.change(screen.getByTestId("status-filter"), { target: { value: "all" } });
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/runs$/);

    fireEvent.click(screen.getByTestId("run-row-59"));
    expect(screen.getByTestId("where")).toHaveTextContent("/runs/59");
  });

  it("parses and formats paging", () => {
    expect(parseRunsQuery(new URLSearchParams("status=bogus&page=-2"))).toEqual({ status: null, page: 1 });
    expect(parseRunsQuery(new URLSearchParams("status=failed&page=3"))).toEqual({ status: "failed", page: 3 });
    expect(rangeText(0, 25, 60)).toBe("1–25 of 60");
    expect(rangeText(50, 10, 60)).toBe("51–60 of 60");
    expect(rangeText(0, 0, 0)).toBe("0 of 0");
  });
});
