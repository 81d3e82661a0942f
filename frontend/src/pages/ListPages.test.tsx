// The list pages: agents with their status and capabilities, and the runs history's URL state, filters, sort, paging
// and picking runs to compare.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { AgentsPage, CapabilityValue } from "./AgentsPage";
import { RunsPage } from "./RunsPage";
import { DEFAULT_STATE, apiQuery, dateRangeError, historyParams, parseHistory, rangeText, toggleSort } from "./runs/historyQuery";
import { agentsFixture, installFakeFetch, runFixture } from "../test/fakeApi";

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
        <Route path="/compare" element={<div>compare page</div>} />
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
    expect(within(row).getByTestId("agent-capabilities")).toHaveTextContent("transportstcp, udp");
    expect(within(screen.getByTestId("agent-row-local-b")).getByText("none reported")).toBeInTheDocument();
    expect(within(row).getByTestId("agent-last-seen")).toHaveAttribute("title", expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(local time\)$/));
  });
});

describe("RunsPage", () => {
  it("reads filters, sort and page from the URL and queries the API with them", async () => {
    const items = Array.from({ length: 25 }, (_, i) => runFixture({ id: 60 - i, status: "done" }));
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 60, limit: 25, offset: 25 } } : undefined),
    ]);
    renderAt("/runs?status=done&status=failed&agent=2&q=fig3&sort=name&order=asc&page=2");
    await screen.findByTestId("run-row-60");
    const runCall = calls.find((c) => c.url.startsWith("/api/runs?"))!;
    expect(runCall.url).toBe(
      "/api/runs?status=done&status=failed&agent=2&q=fig3&sort=name&order=asc&limit=25&offset=25",
    );
    expect(screen.getByTestId("runs-range")).toHaveTextContent("26–50 of 60");
    expect(screen.getByTestId("status-done")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("status-queued")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("runs-search")).toHaveValue("fig3");
    expect(screen.getByTestId("sort-name").closest("th")).toHaveAttribute("aria-sort", "ascending");

    fireEvent.click(screen.getByRole("button", { name: /Next/ }));
    expect(screen.getByTestId("where")).toHaveTextContent(
      "/runs?status=done&status=failed&agent=2&q=fig3&sort=name&order=asc&page=3",
    );
    fireEvent.click(screen.getByTestId("status-failed")); // a filter change goes back to page 1
    expect(screen.getByTestId("where")).toHaveTextContent("/runs?status=done&agent=2&q=fig3&sort=name&order=asc");
    fireEvent.click(screen.getByTestId("sort-name"));
    expect(screen.getByTestId("where")).toHaveTextContent(/sort=name$/); // descending is the default, left out
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/runs$/);

    fireEvent.click(screen.getByTestId("run-row-59"));
    expect(screen.getByTestId("where")).toHaveTextContent("/runs/59");
  });

  it("picks two runs and opens the compare page", async () => {
    const items = [runFixture({ id: 7 }), runFixture({ id: 8 }), runFixture({ id: 9 })];
    installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 3, limit: 25, offset: 0 } } : undefined),
    ]);
    renderAt("/runs");
    fireEvent.click(await screen.findByTestId("pick-9"));
    expect(screen.getByRole("button", { name: "Compare" })).toBeDisabled();
    fireEvent.click(screen.getByTestId("pick-7"));
    fireEvent.click(screen.getByRole("button", { name: "Compare" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/compare?a=9&b=7");
  });

  it("a third picked run joins the comparison as C", async () => {
    const items = [runFixture({ id: 7 }), runFixture({ id: 8 }), runFixture({ id: 9 })];
    installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 3, limit: 25, offset: 0 } } : undefined),
    ]);
    renderAt("/runs");
    for (const id of [9, 7, 8]) fireEvent.click(await screen.findByTestId(`pick-${id}`));
    fireEvent.click(screen.getByRole("button", { name: "Compare" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/compare?a=9&b=7&more=8");
  });

  it("filters by who launched: the URL's launched_by goes to the API, the column's name links to the filter", async () => {
    const items = [runFixture({ id: 5, launched_by: "olga" }), runFixture({ id: 4, launched_by: null })];
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 2, limit: 25, offset: 0 } } : undefined),
    ]);
    renderAt("/runs?launched_by=olga");
    await screen.findByTestId("run-row-5");
    expect(calls.find((c) => c.url.startsWith("/api/runs?"))!.url).toBe("/api/runs?launched_by=olga&sort=created_at&order=desc&limit=25&offset=0");
    expect(screen.getByTestId("runs-launched-by")).toHaveValue("olga");
    expect(within(screen.getByTestId("run-row-4")).getByTestId("launched-by")).toHaveTextContent("—");

    fireEvent.change(screen.getByTestId("runs-launched-by"), { target: { value: "" } });
    await vi.waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/runs$/));
    fireEvent.click(within(screen.getByTestId("run-row-5")).getByRole("link", { name: "olga" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/runs?launched_by=olga");
  });

  it("shows each run's stored size, archived runs as archived, pinned runs marked", async () => {
    const items = [runFixture({ id: 3, stored_bytes: 3 * 1024 * 1024, pinned: true }),
      runFixture({ id: 2, stored_bytes: 0, archived_at: "2026-11-28T10:00:00Z" })];
    installFakeFetch([
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
      ({ url }) => (url.startsWith("/api/runs?") ? { body: { items, total: 2, limit: 25, offset: 0 } } : undefined),
    ]);
    renderAt("/runs");
    await screen.findByTestId("run-row-3");
    expect(within(screen.getByTestId("run-row-3")).getByTestId("stored")).toHaveTextContent("3 MiB · pinned");
    expect(within(screen.getByTestId("run-row-2")).getByTestId("stored")).toHaveTextContent(/^archived$/);
  });

  it("parses, writes and checks the history state", () => {
    const s = parseHistory(new URLSearchParams("status=bogus&status=done&page=-2&sort=colour&order=up&from=2026-13-45&agent=x"));
    expect(s).toEqual({ ...DEFAULT_STATE, status: ["done"] });
    expect(historyParams(DEFAULT_STATE).toString()).toBe("");
    const full = parseHistory(new URLSearchParams("from=2026-11-01&to=2026-11-03&kind=pingpong&page=3"));
    expect(historyParams(full).toString()).toBe("kind=pingpong&from=2026-11-01&to=2026-11-03&page=3");
    const q = apiQuery(full);
    expect(q.offset).toBe(50);
    // the "to" day is inclusive: the API gets the start of the next (local) day
    expect(new Date(q.created_to!).getTime() - new Date(q.created_from!).getTime()).toBeGreaterThanOrEqual(3 * 86400e3 - 3600e3);
    expect(dateRangeError({ ...full, from: "2026-11-05" })).toMatch(/must not be before/);
    expect(toggleSort(DEFAULT_STATE, "created_at").order).toBe("asc");
    expect(toggleSort(DEFAULT_STATE, "name").order).toBe("asc");
    expect(toggleSort(DEFAULT_STATE, "calls")).toMatchObject({ sort: "calls", order: "desc" });
    expect(rangeText(0, 25, 60)).toBe("1–25 of 60");
    expect(rangeText(50, 10, 60)).toBe("51–60 of 60");
    expect(rangeText(0, 0, 0)).toBe("0 of 0");
  });
});

describe("CapabilityValue", () => {
  it("renders whatever an agent reports: flags, lists and nested objects", () => {
    render(<CapabilityValue value={{ kernel_timestamps: true, pinned: false, crypto: { aead: ["chacha20poly1305"], sodium: "1.0.18" }, cpus: 2 }} />);
    expect(screen.getByText("kernel_timestamps").nextSibling).toHaveTextContent("yes");
    expect(screen.getByText("pinned").nextSibling).toHaveTextContent("no");
    expect(screen.getByText("aead").nextSibling).toHaveTextContent("chacha20poly1305");
    expect(screen.getByText("sodium").nextSibling).toHaveTextContent("1.0.18");
    expect(screen.getByText("cpus").nextSibling).toHaveTextContent("2");
  });
});
