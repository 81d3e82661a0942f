// A point's tail on the Results page: the percentile table with intervals and "rests on", labelled with its loop;
// the spectrum; the tail sentence and split; the link that opens the timeline at the tail's calls.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import type { TailPoint } from "../../../api/types";
import { TailCalls } from "../TimelineTab";
import { loopLabel, TailsView, timelineSearch } from "./PointTails";

export function tailPoint(loop: "closed" | "open" = "closed"): TailPoint {
  const pct = (name: string, p: number, v: number, lo: number | null, hi: number | null, k: number, reason: string | null = null) =>
    ({ name, p, value_ns: v, ci_low_ns: lo, ci_high_ns: hi, rests_on: k, reason });
  return {
    point_no: 2, loop, calls: 5000, hdr: "HISTFAAAAA", hdr_clipped: 0,
    percentiles: [
      pct("p50", 0.5, 20_000, 19_900, 20_100, 2500),
      pct("p90", 0.9, 25_000, 24_800, 25_300, 500),
      pct("p99", 0.99, 2_340_000, 2_100_000, 2_500_000, 50),
      pct("p99.9", 0.999, 2_600_000, 2_500_000, 2_900_000, 5),
      pct("p99.99", 0.9999, 2_950_000, null, null, 1, "5,000 calls are too few for a 95 % interval of p99.99: its upper bound would be the call of rank 5,001 (it needs at least 36,887 calls)"),
      pct("max", 1, 2_950_000, null, null, 1, "the maximum is one call"),
    ],
    spectrum: [
      { percentile: 0, value_ns: 15_000, total_count: 1, inverse_tail: 1 },
      { percentile: 0.5, value_ns: 20_000, total_count: 2500, inverse_tail: 2 },
      { percentile: 0.9, value_ns: 25_000, total_count: 4500, inverse_tail: 10 },
      { percentile: 0.99, value_ns: 2_340_000, total_count: 4950, inverse_tail: 100 },
      { percentile: 0.999, value_ns: 2_600_000, total_count: 4995, inverse_tail: 1000 },
      { percentile: 1, value_ns: 2_950_000, total_count: 5000, inverse_tail: null },
    ],
    attribution: [{
      level: "p99", p: 0.99, threshold_ns: 2_340_000, tail_calls: 50, band_calls: 500, median_ns: 20_000,
      tail_mean_ns: 2_420_000, excess_ns: 2_400_000, excess_low_ns: 2_300_000, excess_high_ns: 2_500_000,
      segments: [
        { segment: "s.service", delta_ns: 2_280_000, share: 0.95, share_low: 0.91, share_high: 0.98 },
        { segment: "c.recv", delta_ns: 96_000, share: 0.04, share_low: 0.01, share_high: 0.07 },
        { segment: "unattributed", delta_ns: 24_000, share: 0.01, share_low: -0.01, share_high: 0.03 },
      ],
      call_nos: [99, 199, 450_123], call_nos_cut: false,
      sentence: "p99 calls (the 50 above 2.34 ms) are 2.4 ms above the median on average; 95 % (95 % CI 91 %–98 %) is s.service.",
    }],
    attribution_reason: null,
  } as TailPoint;
}

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.search}</div>;
}

function page(point: TailPoint) {
  return render(
    <MemoryRouter initialEntries={["/runs/7?tab=results"]}>
      <Routes><Route path="/runs/:id" element={<><TailsView point={point} /><Where /></>} /></Routes>
    </MemoryRouter>,
  );
}

describe("PointTails", () => {
  it("tables p50 … p99.99 and max with intervals, what each rests on, and the loop", () => {
    page(tailPoint());
    const table = screen.getByTestId("percentile-table");
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows.map((r) => r!.split(/\d/)[0].trim())).toEqual(["p", "p", "p", "p", "p", "max"]);
    expect(screen.getByTestId("pct-p99")).toHaveTextContent("2.34 ms");
    expect(rows[2]).toContain("2.10 ms – 2.50 ms");
    expect(rows[2]).toContain("rests on 50 calls");
    expect(rows[3]).toContain("rests on 5 calls");
    expect(rows[4]).toContain("too few calls");
    expect(rows[5]).toContain("none: one call");
    expect(within(table).getAllByText("closed loop")).toHaveLength(6);
    expect(screen.getByTestId("pct-reason")).toHaveTextContent("it needs at least 36,887 calls");
  });

  it("says open loop, latency from the intended send, beside every percentile", () => {
    page(tailPoint("open"));
    expect(within(screen.getByTestId("percentile-table")).getAllByText("open loop (latency from intended send)")).toHaveLength(6);
    expect(loopLabel("closed")).toBe("closed loop");
  });

  it("draws the spectrum on a 1/(1-p) axis with the percentiles' intervals", () => {
    const { container } = page(tailPoint());
    const chart = screen.getByTestId("chart-spectrum");
    const ticks = [...chart.querySelectorAll(".axis-x .tick text")].map((t) => t.textContent);
    expect(ticks).toEqual(["0 %", "90 %", "99 %", "99.9 %", "99.99 %"]);
    expect([...chart.querySelectorAll(".axis-label")].map((e) => e.textContent)).toContain("Latency (ms)");
    expect(container.querySelectorAll("circle.spectrum-row")).toHaveLength(6);
    expect(chart.querySelector(".mark-p99 text")).toHaveTextContent("p99 2.34 ms");
    expect(chart.querySelectorAll(".mark-p99 line")).toHaveLength(1); // its interval
    expect(chart.querySelectorAll(".mark-p99_99 line")).toHaveLength(0); // none: too few calls
  });

  it("says which step makes the tail and links to its calls on the timeline", () => {
    page(tailPoint());
    expect(screen.getByTestId("tail-sentence-p99")).toHaveTextContent(/2\.4 ms above the median.*95 % \(95 % CI 91 %–98 %\) is s\.service/);
    const split = within(screen.getByTestId("tail-split-p99")).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(split[0]).toContain("s.service");
    expect(split[0]).toContain("2.28 ms");
    expect(split[0]).toContain("91 % – 98 %");
    fireEvent.click(screen.getByText("show these calls on the timeline"));
    const search = new URLSearchParams(screen.getByTestId("where").textContent!);
    expect(search.get("tab")).toBe("timeline");
    expect(search.get("call")).toBe("99");
    expect(search.get("from")).toBe("0");
    expect(search.get("tail")).toBe("99,199,450123");
    expect(timelineSearch({ call_nos: [450_123], level: "p99" }, 2)).toContain("from=400000");
  });

  it("says why there is no split when the run has no round trip path", () => {
    page({ ...tailPoint(), attribution: [], attribution_reason: "the run has no round trip path" });
    expect(screen.getByTestId("tail-reason")).toHaveTextContent("Which step makes the tail: the run has no round trip path.");
  });

  it("lists the tail's calls on the timeline, each focusing its call", () => {
    const picked: number[] = [];
    render(<TailCalls calls={[99, 199]} of="point 2 p99" focus={199} onPick={(c) => picked.push(c)} />);
    expect(screen.getByText("Tail calls of point 2 p99 (2)")).toBeTruthy();
    fireEvent.click(screen.getByText("#99"));
    expect(picked).toEqual([99]);
    expect(screen.getByText("#199").className).toContain("btn-primary");
  });

  it("says how its latency relates to the RTT, and what the unattributed share is, by loop", () => {
    const open = page(tailPoint("open"));
    expect(screen.getByTestId("tails-latency-note").textContent).toContain("intended send, the RTT plus the wait before the send");
    expect(within(screen.getByTestId("tail-split-p99")).getByText(/mostly the wait between the intended and the actual send/)).toBeTruthy();
    open.unmount();
    page(tailPoint("closed"));
    expect(screen.getByTestId("tails-latency-note").textContent).toContain("coordinated omission");
    expect(within(screen.getByTestId("tail-split-p99")).getByText(/time no step's probes cover/)).toBeTruthy();
  });
});
