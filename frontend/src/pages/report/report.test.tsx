// The export menu and the run report view: what can be exported when, a PDF's progress beside the button, the report's
// pages and contents, and a load failure.
import { describe, expect, it, vi } from "vitest";
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
  clock: { method: "same-host", offset_ns: 0, drift_ppm: 0, ref_ns: 0, uncertainty_ns: 0, calls_used: 10,
           note: "both agents run on box: one clock, no offset" },
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

function handlers(run: Record<string, unknown>) {
  return [
    ({ url }: FakeCall) => (url === "/api/runs/42" ? { body: run } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/summary" ? { body: summaryFixture } : undefined),
    ({ url }: FakeCall) => (url.startsWith("/api/runs/42/calls") ? { body: callsFixture() } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/report-data" ? { body: reportData } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/exports" ? { body: tables } : undefined),
    ({ url }: FakeCall) => (url === "/api/runs/42/trace-size" ? { body: { events: 1_004_302, json_bytes: 100_430_200, gzip_bytes: 12_051_624 } } : undefined),
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
    // the trace gzipped by default, its size said before the download
    expect(screen.getByTestId("trace-gzip")).toHaveAttribute("href", "/api/runs/42/trace.json?compress=gzip");
    await waitFor(() => expect(screen.getByTestId("trace-gzip")).toHaveTextContent("trace.json.gz · about 11.5 MiB"));
    expect(screen.getByTestId("trace-gzip")).toHaveTextContent("1,004,302 events");
    expect(screen.getByTestId("trace-json")).toHaveAttribute("href", "/api/runs/42/trace.json");
    expect(screen.getByTestId("trace-json")).toHaveTextContent("trace.json · about 95.8 MiB");
    expect(screen.getByRole("menuitem", { name: /latency\.hlog/ })).toHaveAttribute("href", "/api/runs/42/latency.hlog");
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

describe("Export menu: printing a PDF", () => {
  const run = runFixture({ status: "done" }) as unknown as Run;

  it("shows the print's stage and seconds beside the button until the file is saved, and why when it fails", async () => {
    let answer: (r: Response) => void = () => {};
    const job = { id: "j", stage: "printing", label: "laying out and printing the pages", step: 3, steps: 5, pages: null, elapsed_s: 2, error: null, finished: false };
    vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith("/api/report-jobs/")) return new Response(JSON.stringify(job), { status: 200 });
      if (url.includes("/report.pdf")) return new Promise<Response>((r) => (answer = r));
      return new Response(JSON.stringify(tables), { status: 200 });
    }));
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:pdf"), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(<MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}><ExportMenu run={run} terminal /></MemoryRouter>);
    fireEvent.click(screen.getByRole("button", { name: /Export/ }));
    fireEvent.click(screen.getByRole("menuitem", { name: "PDF (A4)" }));
    expect(screen.queryByTestId("export-menu")).toBeNull(); // the menu closes, the print goes on beside it
    const status = screen.getByTestId("pdf-status");
    expect(status).toHaveTextContent("Printing PDF (A4)…");
    expect(screen.getByRole("progressbar", { name: "Printing PDF (A4)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Export \(printing…\)/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("pdf-stage")).toHaveTextContent("laying out and printing the pages (step 3 of 5)"), { timeout: 3000 });
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    await act(async () => answer(new Response(new Blob(["%PDF"]), { status: 200 })));
    await waitFor(() => expect(screen.queryByTestId("pdf-status")).toBeNull(), { timeout: 3000 });
    expect(click).toHaveBeenCalledTimes(1); // saved

    fireEvent.click(screen.getByRole("button", { name: /Export/ }));
    fireEvent.click(screen.getByRole("menuitem", { name: "PDF (Letter)" }));
    await act(async () => answer(new Response(JSON.stringify({ detail: "headless Chromium (/usr/bin/chromium) failed: boom" }), { status: 502 })));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("PDF (Letter) failed: headless Chromium (/usr/bin/chromium) failed: boom"), { timeout: 3000 });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("pdf-status")).toBeNull();
    click.mockRestore();
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
  it("answers on page 1, then the setup, every numbered section and the appendix; fills the contents with its pages", async () => {
    installFakeFetch(handlers(runFixture({ status: "failed", reason: "agent local-b vanished" })));
    const { container } = renderReport();
    const root = container.querySelector("[data-report-state]")!;
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "ready"));
    expect(root).toHaveClass("report-letter");
    expect(document.body).toHaveClass("report-mode");
    // page 1: the run, what was measured, the answer, anomalies and the parameters as a table
    const summary = screen.getByTestId("report-summary");
    expect(summary).toHaveTextContent("baseline #42");
    expect(summary).toHaveTextContent("Agentslocal-a (client) → local-b (server)");
    expect(summary).toHaveTextContent("Run pagehttp://localhost:3000/runs/42");
    expect(screen.getByTestId("report-failure")).toHaveTextContent("This run failed: agent local-b vanished");
    expect(screen.getByTestId("report-measured")).toHaveTextContent("TCP ping-pongs from local-a to local-b: 64 B request, 64 B response, 1,000 calls after 10 warm-up.");
    // one point: the run's own statistics, with their 95% CI
    expect(screen.getByTestId("report-headline")).toHaveTextContent("Mean RTT 21.5 µs (95% CI 21.3 µs – 21.7 µs), median 20.1 µs, p99 40.2 µs, over 999 measured calls.");
    expect(screen.getByTestId("report-summary-notes")).toHaveTextContent("Heavy tail");
    const params = screen.getByTestId("report-params");
    expect(params).toHaveTextContent("TransportTCP");
    expect(params).toHaveTextContent("Request64 B");
    expect(params.textContent).not.toMatch(/[{}"]/);
    // the setup: agents, probe cost from the jobs (client) or the capability (server), clocks, link
    expect(screen.getByTestId("report-agents")).toHaveTextContent("kernel: 6.1.0");
    const quality = screen.getByTestId("report-quality");
    expect(quality).toHaveTextContent("25 ns per step probe (two clock reads and the record; one read 11 ns, source tsc), measured by local-a");
    expect(quality).toHaveTextContent("37 ns per timestamp pair, reported by local-b");
    expect(quality).toHaveTextContent("one clock (same host), not applied: offset 0, drift 0; the fit's own error: offset -36 ns, drift 3.30 ppm, error bound ± 2.70 µs (3,000 calls, 64 buckets, 2 dropped as stalls)");
    expect(quality).toHaveTextContent("16 rounds: offset at the start 12 ns (± 4.50 µs), at the end -8 ns (± 4.40 µs), drift 1.25 ppm");
    const link = screen.getByTestId("report-link");
    expect(link).toHaveTextContent("lan-1g (emulated link");
    expect(link).toHaveTextContent("Measured at launchmtu: 1500 · rate_mbit: 1000 · delay_ms: 0.1 · rtt_us_min: 231.5");
    const titles = [...container.querySelectorAll("[data-toc-id]")].map((e) => e.getAttribute("data-toc-title"));
    expect(titles).toEqual(["1. Setup: agents, clocks and link", "2. RTT statistics", "3. RTT per call", "4. RTT histogram",
      "5. Tail: percentiles and the step that makes it", "6. Timeline", "7. Steps", "8. Round trip path", "9. Statistics",
      "10. RTT vs size", "11. Throughput vs threads", "12. Latency vs load", "13. Model",
      "Appendix A. Per-point detail", "A.1 Step statistics per point", "A.2 Round trip path per point", "A.3 Anomaly notes"]);
    expect(screen.getByTestId("summary-stats")).toHaveTextContent("21.5 µs");
    expect(screen.getByTestId("report-notes")).toHaveTextContent("Heavy tail");
    // the contents: each section a link to it, no page numbers (they took the printer a second pass; the PDF's
    // bookmarks carry them); page 1 points to sections by their numbers, linked
    const toc = container.querySelector("[data-toc-page]")!;
    const links = [...toc.querySelectorAll("li a")];
    expect(links.map((a) => a.textContent)).toEqual(titles);
    expect(links.map((a) => a.getAttribute("href"))).toEqual([...container.querySelectorAll("[data-toc-id]")].map((e) => `#${e.id}`));
    expect(toc.querySelector(".toc-page")).toBeNull();
    expect(toc.querySelectorAll("li.toc-sub")).toHaveLength(3); // the appendix's parts, under it
    const loop = screen.getByTestId("report-loop");
    expect(loop).toHaveTextContent("with intervals: section 5.");
    expect(loop.querySelector("a")).toHaveAttribute("href", "#tails");
    expect(summary).not.toHaveTextContent(/page\s*\./);
  });

  it("says what failed when its data cannot be loaded", async () => {
    installFakeFetch([]);
    const { container } = renderReport();
    const root = container.querySelector("[data-report-state]")!;
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "error"));
    expect(container.querySelector("[data-report-error]")).toHaveTextContent("Run 42: Not Found");
  });
});
