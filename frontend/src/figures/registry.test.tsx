// The figure registry against the views that read it: unique ids, the tabs and sections the pages and their links
// expect, and the run page, run report and comparison report drawing exactly the registry's figures in its order.
import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { Run } from "../api/types";
import { RunPage } from "../pages/RunPage";
import { CompareReportPage } from "../pages/report/CompareReportPage";
import { FIGURE_SECTIONS, runReportSections } from "../pages/report/reportSections";
import { leadFigure } from "../pages/report/summary";
import type { RunReport } from "../pages/report/useRunReport";
import { tabLimits } from "../pages/run/tabLimits";
import { callsFixture, FakeEventSource, installFakeFetch, runFixture, summaryFixture, type FakeCall } from "../test/fakeApi";
import { FIGURE_DATA } from "./data";
import { COMPARE_REPORT_SECTIONS, COMPARE_REPORT_TABLES, COMPARE_SECTIONS, FIGURES, RUN_TABS } from "./registry";

const dupes = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);

describe("figure registry", () => {
  it("declares each figure, report section and comparison section once", () => {
    expect(dupes(FIGURES.map((f) => f.id))).toEqual([]);
    expect(dupes(FIGURES.flatMap((f) => (f.report ? [f.report.id] : [])))).toEqual([]);
    // the comparison report's own sections (stats, notes) share its contents with the registry's
    expect(dupes(["stats", "notes", ...COMPARE_REPORT_SECTIONS.map((s) => s.id)])).toEqual([]);
    // a tab id names one tab: two declarations under one id would draw only the first
    for (const t of RUN_TABS) expect(new Set(FIGURES.filter((f) => f.tab.id === t.id).map((f) => f.tab))).toEqual(new Set([t]));
  });

  it("gives the run page its tabs in their order, under the ids its ?tab= links and the tab limits use", () => {
    expect(RUN_TABS.map((t) => [t.id, t.label])).toEqual([
      ["results", "Results"], ["timeline", "Timeline"], ["steps", "Steps"], ["rtp", "Round trip path"], ["statistics", "Statistics"],
      ["rtt-size", "RTT vs size"], ["throughput", "Throughput vs threads"], ["load", "Latency vs load"], ["model", "Model"],
    ]);
    const sweep = runFixture({ kind: "udp-pingpong", params: { points: [{ point_no: 0, request_bytes: 64, threads: 1 }] } }) as unknown as Run;
    const limited = Object.keys(tabLimits(sweep));
    expect(limited.length).toBeGreaterThan(0);
    for (const id of limited) expect(RUN_TABS.map((t) => t.id)).toContain(id);
  });

  it("has a loader for every kind of data a figure reads, and a figure for every loader", () => {
    const read = new Set(FIGURES.flatMap((f) => f.data));
    expect([...read].sort()).toEqual(Object.keys(FIGURE_DATA).sort());
  });

  it("prints the registry's report sections, in its order, after the setup and RTT sections; a sweep's own figure first", () => {
    const reportIds = FIGURES.flatMap((f) => (f.report ? [f.report.id] : []));
    expect(FIGURE_SECTIONS.map((s) => s.id)).toEqual(reportIds);
    expect(FIGURE_SECTIONS.map((s) => s.title)).toEqual(FIGURES.filter((f) => f.report).map((f) => f.title));
    const report = (points: object[]) => ({ run: { params: { points } } }) as unknown as RunReport;
    expect(runReportSections(report([{ point_no: 0, request_bytes: 64 }])).map((s) => s.id)).toEqual(["setup", "stats", ...reportIds]);
    // each figure a sweep leads with is a report section of the registry
    const sweeps = [[0, 4016].map((b, i) => ({ point_no: i, request_bytes: b })), [1, 2].map((t, i) => ({ point_no: i, threads: t })),
      [0, 9000].map((us, i) => ({ point_no: i, think_time_us: us }))];
    for (const points of sweeps) {
      const lead = leadFigure(points as never);
      expect(reportIds).toContain(lead);
      expect(runReportSections(report(points))[2].id).toBe(lead);
    }
  });

  it("orders the compare page's and the comparison report's sections as the pages did by hand", () => {
    expect(COMPARE_SECTIONS.map((s) => s.id)).toEqual(["steps", "rtp", "rtt-size", "throughput", "model", "statistics"]);
    expect(COMPARE_REPORT_SECTIONS.map((s) => s.id)).toEqual(["histograms", "per-call", "steps", "points", "rtp", "model", "rtt-size", "throughput"]);
    expect(COMPARE_REPORT_TABLES).toEqual(["points", "rtp", "model"]);
  });
});

describe("the views iterate the registry", () => {
  it("the run page's tab bar is RUN_TABS, and a ?tab= link opens that tab", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const run = runFixture({ status: "done", calls_done: 1010, finished_at: "2024-05-01T10:00:03Z" });
    installFakeFetch([({ url }: FakeCall) => (url === "/api/runs/42" ? { body: run } : undefined)]);
    render(
      <MemoryRouter initialEntries={["/runs/42?tab=statistics"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes><Route path="/runs/:id" element={<RunPage />} /></Routes>
      </MemoryRouter>,
    );
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.id)).toEqual(RUN_TABS.map((t) => `tab-${t.id}`));
    expect(tabs.map((t) => t.textContent?.replace(" ∅", ""))).toEqual(RUN_TABS.map((t) => t.label));
    expect(screen.getByTestId("tab-statistics")).toHaveAttribute("aria-selected", "true");
  });

  it("the comparison report's contents are its RTT statistics, the registry's sections in order, then the notes", async () => {
    const reportData = { agents: [], clock: { method: "same-host", note: "" }, probe: {}, clock_analysis: null, clock_exchange: null,
      link: {}, notes: [], analyses: [], tables: [] };
    const routes = (id: number) => [
      ({ url }: FakeCall) => (url === `/api/runs/${id}` ? { body: runFixture({ id, status: "done" }) } : undefined),
      ({ url }: FakeCall) => (url === `/api/runs/${id}/summary` ? { body: summaryFixture } : undefined),
      ({ url }: FakeCall) => (url.startsWith(`/api/runs/${id}/calls`) ? { body: callsFixture() } : undefined),
      ({ url }: FakeCall) => (url === `/api/runs/${id}/report-data` ? { body: { ...reportData, run_id: id } } : undefined),
      ({ url }: FakeCall) => (url.startsWith(`/api/runs/${id}/table.json`) ? { status: 409, body: { detail: "not computed" } } : undefined),
    ];
    const { calls } = installFakeFetch([...routes(1), ...routes(2)]);
    const { container } = render(
      <MemoryRouter initialEntries={["/compare/report?a=1&b=2"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes><Route path="/compare/report" element={<CompareReportPage />} /></Routes>
      </MemoryRouter>,
    );
    const root = container.querySelector("[data-report-state]")!;
    await waitFor(() => expect(root).toHaveAttribute("data-report-state", "ready"));
    const titles = [...container.querySelectorAll("section[data-toc-id]")].map((e) => e.getAttribute("data-toc-title"));
    expect(titles).toEqual(["RTT statistics compared", ...COMPARE_REPORT_SECTIONS.map((s) => s.title), "Anomaly notes"].map((t, i) => `${i + 1}. ${t}`));
    // which latency the compared statistics are (issue 32)
    expect(screen.getByTestId("compare-report-loop")).toHaveTextContent("Which latency: A closed loop; B closed loop.");
    // the tables its sections declare, for both runs
    for (const id of [1, 2]) for (const t of COMPARE_REPORT_TABLES) expect(calls.some((c) => c.url === `/api/runs/${id}/table.json?table=${t}`)).toBe(true);
  });
});
