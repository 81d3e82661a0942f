import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { Run } from "../../api/types";
import { callsFixture, installFakeFetch, runFixture, summaryFixture, type FakeCall } from "../../test/fakeApi";
import { ExportMenu } from "./ExportMenu";
import { RunReportPage } from "./RunReportPage";

const tables = [
  { name: "calls", description: "every call", available: true, reason: null },
  { name: "rtp", description: "round trip path", available: false, reason: "run 42 has no 'rtp' analysis" },
];

const reportData = {
  run_id: 42,
  agents: [
    { role: "client", id: 1, name: "local-a", host: "box", address: "127.0.0.1", version: "0.1.0", clock_id: 1,
      capabilities: { kernel: "6.1.0" }, environment: { kernel: "6.1.0" }, probe_cost_ns: null },
    { role: "server", id: 2, name: "local-b", host: "box", address: "127.0.0.1", version: "0.1.0", clock_id: 1,
      capabilities: { probe_cost_ns: 37 }, environment: {}, probe_cost_ns: 37 },
  ],
  clock: { method: "same-host", offset_ns: 0, uncertainty_ns: 0, calls_used: 10, estimate_ns: 12,
           median_estimate_ns: 20, note: "both agents run on box: one clock, no offset" },
  notes: [{ kind: "tail", text: "Heavy tail: p99.9 is 90 µs." }],
  analyses: ["summary"],
  tables: [...tables, { name: "points", description: "points", available: true, reason: null }],
};

const points = {
  name: "points",
  columns: [{ name: "point_no", unit: "", description: "" }, { name: "rtt_mean_ns", unit: "ns", description: "" }],
  rows: [[0, 21500.5]],
};

afterEach(() => vi.unstubAllGlobals());

function handlers(run: Record<string, unknown>) {
  return [
    ({ url }: FakeCall) => (url === "/api/runs/42" ? { body: run } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
    ({ url }: FakeCall) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/report-data" ? { body: reportData } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/exports" ? { body: tables } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/table.json?table=points" ? { body: points } : undefined),
    ({ url }: FakeCall) =>
      url.startsWith("/api/runs/42/table.json") ? { status: 409, body: { detail: "no such analysis" } } : undefined,
  ];
}

describe("Export menu", () => {
  const run = runFixture({ status: "done" }) as unknown as Run;

  it("is absent while the run is measuring", () => {
    installFakeFetch([]);
    const { container } = render(<MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}><ExportMenu run={run} terminal={false} /></MemoryRouter>);
    expect(container).toBeEmptyDOMElement();
  });

  it("offers the PDFs, each table the run has and the trace; tables not computed are disabled", async () => {
    installFakeFetch(handlers(run as unknown as Record<string, unknown>));
    render(<MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}><ExportMenu run={run} terminal /></MemoryRouter>);
    fireEvent.click(screen.getByRole("button", { name: /Export/ }));
    const calls = await screen.findByRole("menuitem", { name: /calls\.csv/ });
    expect(calls).toHaveAttribute("href", "/api/runs/42/export.csv?table=calls");
    expect(screen.getByRole("menuitem", { name: "PDF (A4)" })).toHaveAttribute("href", "/api/runs/42/report.pdf?paper=a4");
    expect(screen.getByRole("menuitem", { name: "PDF (Letter)" })).toHaveAttribute("href", "/api/runs/42/report.pdf?paper=letter");
    expect(screen.getByRole("menuitem", { name: /trace\.json/ })).toHaveAttribute("href", "/api/runs/42/trace.json");
    const rtp = screen.getByText(/^rtp\.csv/);
    expect(rtp).toHaveAttribute("aria-disabled", "true");
    expect(rtp).toHaveAttribute("title", "run 42 has no 'rtp' analysis");
    expect(screen.queryByRole("menuitem", { name: /rtp\.csv/ })).toBeNull();
    fireEvent.change(screen.getByLabelText("Run to compare with"), { target: { value: "7" } });
    expect(screen.getByRole("menuitem", { name: "PDF" })).toHaveAttribute("href", "/api/compare/report.pdf?a=42&b=7&paper=a4");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByTestId("export-menu")).toBeNull();
  });
});

function renderReport() {
  return render(
    <MemoryRouter initialEntries={["/runs/42/report?paper=letter"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/runs/:id/report" element={<RunReportPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("Run report view", () => {
  it("shows the cover, every numbered section and fills the contents with the pages it is sent", async () => {
    installFakeFetch(handlers(runFixture({ status: "failed", reason: "agent local-b vanished" })));
    const { container } = renderReport();
    const root = container.querySelector("[data-report-state]")!;
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "ready"));
    expect(root).toHaveClass("report-letter");
    expect(document.body).toHaveClass("report-mode");
    expect(screen.getByTestId("report-failure")).toHaveTextContent("This run failed: agent local-b vanished");
    expect(screen.getByTestId("report-agents")).toHaveTextContent("kernel: 6.1.0");
    expect(screen.getByText(/37 ns per timestamp pair/)).toBeInTheDocument();
    const ids = [...container.querySelectorAll("[data-toc-id]")].map((e) => e.getAttribute("data-toc-title"));
    expect(ids).toEqual(["1. RTT statistics", "2. RTT per call", "3. RTT histogram", "4. Step statistics",
      "5. Per-point aggregates", "6. Round trip path: calculated vs measured", "7. Model vs measured", "8. Anomaly notes"]);
    expect(screen.getByTestId("report-table-points")).toHaveTextContent("21.5 µs");
    expect(screen.getAllByText(/Not computed for this run/)).toHaveLength(2);
    expect(screen.getByTestId("report-notes")).toHaveTextContent("Heavy tail");
    const toc = container.querySelector("[data-toc-page]")!;
    expect(toc).toHaveAttribute("data-toc-filled", "false");
    act(() => {
      window.dispatchEvent(new CustomEvent("perflab:toc-pages", { detail: { stats: 3, notes: 5 } }));
    });
    expect(toc).toHaveAttribute("data-toc-filled", "true");
    const pages = [...toc.querySelectorAll(".toc-page")].map((e) => e.textContent?.trim());
    expect(pages[0]).toBe("3");
    expect(pages[7]).toBe("5");
  });

  it("says what failed when its data cannot be loaded", async () => {
    installFakeFetch([]);
    const { container } = renderReport();
    const root = container.querySelector("[data-report-state]")!;
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "error"));
    expect(container.querySelector("[data-report-error]")).toHaveTextContent("Run 42: Not Found");
  });
});
