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
  probe: {
    client: { source: "tsc", probe_ns: 24.5, clock_read_ns: 11.2, clock_gettime_ns: 19, tsc_hz: 2.9e9, drift_ns_per_s: 3 },
    server: null,
  },
  clock_analysis: { available: true, same_clock: true, offset_ns: 0, drift_ppm: 0, fit_offset_ns: -36, fit_drift_ppm: 3.3, error_bound_ns: 2700,
                    residual_rms_ns: 300, min_delay_ns: 4900, buckets: 64, dropped_buckets: 2, calls: 3000 },
  clock_exchange: { rounds: 16, offset_start_ns: 12, delay_start_ns: 9000, offset_end_ns: -8, delay_end_ns: 8800,
                    drift_ppm: 1.25 },
  link: { profile: "lan-1g", emulated: true, mtu: 1500, rate_mbit: 1000, delay_ms: 0.1, rtt_us_min: 231.5,
          requested: { rate_mbit: 1000, delay_ms: 0.1 } },
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
    // probe cost from the jobs (client), the capability when a side's job did not report one (server)
    const quality = screen.getByTestId("report-quality");
    expect(quality).toHaveTextContent("25 ns per step probe (two clock reads and the record; one read 11 ns, source tsc), measured by local-a");
    expect(quality).toHaveTextContent("37 ns per timestamp pair, reported by local-b");
    expect(quality).toHaveTextContent("one clock (same host), not applied: offset 0, drift 0; the fit's own error: offset -36 ns, drift 3.30 ppm, error bound ± 2.70 µs (3,000 calls, 64 buckets, 2 dropped as stalls)");
    expect(quality).toHaveTextContent("16 rounds: offset at the start 12 ns (± 4.50 µs), at the end -8 ns (± 4.40 µs), drift 1.25 ppm");
    const link = screen.getByTestId("report-link");
    expect(link).toHaveTextContent("lan-1g (emulated link");
    expect(link).toHaveTextContent("Measured at launchmtu: 1500 · rate_mbit: 1000 · delay_ms: 0.1 · rtt_us_min: 231.5");
    const ids = [...container.querySelectorAll("[data-toc-id]")].map((e) => e.getAttribute("data-toc-title"));
    expect(ids).toEqual(["1. RTT statistics", "2. RTT per call", "3. RTT histogram", "4. Timeline", "5. Steps",
      "6. Round trip path", "7. Statistics", "8. RTT vs size", "9. Throughput vs threads", "10. Model",
      "11. Step statistics", "12. Per-point aggregates", "13. Step statistics per point",
      "14. Round trip path: calculated vs measured", "15. Round trip path: segments", "16. Model vs measured",
      "17. Anomaly notes"]);
    expect(screen.getByTestId("report-table-points")).toHaveTextContent("21.5 µs");
    expect(screen.getAllByText(/Not computed for this run/)).toHaveLength(4);
    expect(screen.getByTestId("report-notes")).toHaveTextContent("Heavy tail");
    const toc = container.querySelector("[data-toc-page]")!;
    expect(toc).toHaveAttribute("data-toc-filled", "false");
    act(() => {
      window.dispatchEvent(new CustomEvent("perflab:toc-pages", { detail: { stats: 3, notes: 9 } }));
    });
    expect(toc).toHaveAttribute("data-toc-filled", "true");
    const pages = [...toc.querySelectorAll(".toc-page")].map((e) => e.textContent?.trim());
    expect(pages[0]).toBe("3");
    expect(pages[16]).toBe("9");
  });

  it("says what failed when its data cannot be loaded", async () => {
    installFakeFetch([]);
    const { container } = renderReport();
    const root = container.querySelector("[data-report-state]")!;
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "error"));
    expect(container.querySelector("[data-report-error]")).toHaveTextContent("Run 42: Not Found");
  });
});
