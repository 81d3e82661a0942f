// The run report's tail section (each point's percentiles with intervals and the tail sentence, labelled by loop)
// and its latency-vs-load figure (an open-loop sweep's hockey stick at the paper's width; a closed loop says why not).
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { LoadSweep, Run, TailPoint, Tails } from "../../api/types";
import { loopSentence } from "./SummaryPage";
import { LoadFigure, MAX_TAIL_TABLES, TailsFigure } from "./tailFigures";

function tail(point_no: number, loop: "closed" | "open"): TailPoint {
  const pct = (name: string, p: number, v: number, lo: number | null, hi: number | null, k: number) =>
    ({ name, p, value_ns: v, ci_low_ns: lo, ci_high_ns: hi, rests_on: k, reason: lo === null ? "too few calls" : null });
  return {
    point_no, loop, calls: 5000, hdr: "", hdr_clipped: 0, spectrum: [], attribution_reason: null,
    percentiles: [pct("p50", 0.5, 20_000, 19_900, 20_100, 2500), pct("p99", 0.99, 2_340_000, 2_100_000, 2_500_000, 50),
      pct("p99.9", 0.999, 2_600_000, 2_500_000, 2_900_000, 5), pct("p99.99", 0.9999, 2_950_000, null, null, 1), pct("max", 1, 2_950_000, null, null, 1)],
    attribution: [{ level: "p99", p: 0.99, threshold_ns: 2_340_000, tail_calls: 50, band_calls: 500, median_ns: 20_000, tail_mean_ns: 2_420_000,
      excess_ns: 2_400_000, excess_low_ns: 2_300_000, excess_high_ns: 2_500_000, segments: [], call_nos: [], call_nos_cut: false,
      sentence: `p99 of point ${point_no} is 2.4 ms above the median; 95 % of it is s.service.` }],
  } as TailPoint;
}
const tails = (n: number, loop: "closed" | "open"): Tails =>
  ({ available: true, unit: "ns", loop, points: Array.from({ length: n }, (_, i) => tail(i, loop)) }) as Tails;
const ok = <T,>(data: T) => ({ ok: true as const, data });
const labelOf = (n: number) => `point ${n}: ${64 << n} B`;

describe("the report's tail section", () => {
  it("prints every point's percentiles p50 … p99.99 and max with intervals, the calls each rests on and the tail sentence", () => {
    render(<TailsFigure value={ok(tails(2, "open"))} labelOf={labelOf} />);
    const blocks = screen.getAllByTestId("report-tail-point");
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).toHaveTextContent("point 1: 128 B");
    expect(blocks[0]).toHaveTextContent("open loop (latency from intended send)");
    const rows = within(within(blocks[0]).getByTestId("report-tail-table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelector("td")!.textContent)).toEqual(["p50", "p99", "p99.9", "p99.99", "max"]);
    expect(rows[1]).toHaveTextContent("2.34 ms");
    expect(rows[1]).toHaveTextContent("2.10 ms – 2.50 ms");
    expect(rows[1]).toHaveTextContent("50 calls");
    expect(rows[3]).toHaveTextContent("—"); // p99.99 of 5,000 calls has no interval
    expect(screen.getAllByTestId("report-tail-sentence")[1]).toHaveTextContent("p99 of point 1 is 2.4 ms above the median");
    expect(screen.getByTestId("report-tails-note")).toHaveTextContent("intended send");
  });

  it("a closed loop says its latency is the RTT and why that hides a stall", () => {
    render(<TailsFigure value={ok(tails(1, "closed"))} labelOf={labelOf} />);
    expect(screen.getByTestId("report-tail-point")).toHaveTextContent("closed loop");
    expect(screen.getByTestId("report-tails-note")).toHaveTextContent("coordinated omission");
  });

  it("a large sweep gets a row a point, intervals in brackets, every sentence kept", () => {
    render(<TailsFigure value={ok(tails(MAX_TAIL_TABLES + 2, "open"))} labelOf={labelOf} />);
    expect(screen.queryByTestId("report-tail-point")).toBeNull();
    const rows = within(screen.getByTestId("report-tails-all")).getAllByRole("row");
    expect(rows).toHaveLength(MAX_TAIL_TABLES + 3);
    expect(rows[1]).toHaveTextContent("2.34 ms (2.10 ms – 2.50 ms)");
    expect(screen.getAllByTestId("report-tail-sentence")).toHaveLength(MAX_TAIL_TABLES + 2);
  });

  it("says in one line why there is no tail", () => {
    render(<TailsFigure value={ok({ available: false, reason: "no measured calls" } as unknown as Tails)} labelOf={labelOf} />);
    expect(screen.getByTestId("figure-absent")).toHaveTextContent("no measured calls");
  });
});

const sweep: LoadSweep = {
  available: true, loop: "open",
  points: [
    { point_no: 1, offered_per_s: 3000, achieved_per_s: 2700, mean_ns: 9_000_000, p50_ns: 8_000_000, p99_ns: 20_000_000, p999_ns: null },
    { point_no: 0, offered_per_s: 1000, achieved_per_s: 999, mean_ns: 500_000, p50_ns: 450_000, p99_ns: 1_000_000, p999_ns: 1_500_000 },
  ],
  knee: { found: true, below_per_s: 1000, above_per_s: 3000, reason: "", sentence: "The knee lies between 1,000 and 3,000 calls/s." },
  model: null, schedules: [],
} as unknown as LoadSweep;
const openRun = { params: { arrival: "poisson", points: [{ point_no: 0, rate_calls_s: 1000 }, { point_no: 1, rate_calls_s: 3000 }] } } as unknown as Run;

describe("the report's latency-vs-load figure", () => {
  it("draws an open-loop sweep's hockey stick at the paper's width, its knee and a row per rate by offered load", () => {
    render(<LoadFigure run={openRun} value={ok(sweep)} />);
    expect(screen.getByTestId("report-load-knee")).toHaveTextContent("between 1,000 and 3,000 calls/s");
    expect(screen.getByTestId("report-load-chart").querySelector("svg.chart-svg")?.getAttribute("width")).toBe("660");
    expect(screen.getByTestId("report-load-served")).toBeTruthy();
    const rows = within(screen.getByTestId("report-load-table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelector("td")!.textContent)).toEqual(["1,000 calls/s", "3,000 calls/s"]);
    expect(rows[1]).toHaveTextContent("—"); // no p99.9 at the loaded point
  });

  it("a closed-loop run says in one line why it has no such figure", () => {
    render(<LoadFigure run={{ params: { request_bytes: 64 } } as unknown as Run} value={ok(sweep)} />);
    expect(screen.getByTestId("figure-absent")).toHaveTextContent("closed-loop run offers no rate");
  });

  it("page 1 and the RTT section say which latency their percentiles are", () => {
    expect(loopSentence("closed")).toMatch(/^Closed loop: .*coordinated omission/);
    expect(loopSentence("open")).toMatch(/^Open loop: these percentiles are RTT from the actual send; .*latency from the intended send/);
  });
});
