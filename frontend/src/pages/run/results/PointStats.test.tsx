// The Results tab's summary of a point says which latency it is: an open loop's from the intended send (the
// backend's `latency`) with its RTT from the actual send beside; a closed loop's RTT. The points table likewise.
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { PointSummary, RunSummary } from "../../../api/types";
import { CdfChart } from "../../../charts/pointDist/CdfChart";
import { pointStyle } from "../../../charts/pointDist/transform";
import { SummaryStats } from "../SummaryStats";
import { PointStats, summaryLoop } from "./PointStats";
import { PointTable } from "./PointTable";

const stats = (ns: number) => ({ count: 100, mean_ns: ns, median_ns: ns, p90_ns: ns, p99_ns: ns, p999_ns: ns, stddev_ns: 1,
  ci95_low_ns: ns, ci95_high_ns: ns, min_ns: ns, max_ns: ns });

function point(i: number, open: boolean): PointSummary {
  return {
    point_no: i, loop: open ? "open" : "closed", calls: 101, counts: { measured: 100, first: 1, warmup: 0, error: 0 },
    rtt: stats(1_000_000), latency: open ? stats(3_000_000) : null, first_calls: null,
    cdf: { rtt_ns: [1_000_000], p: [1] }, box: null, retransmits: 0, calls_retransmitted: 0,
  } as PointSummary;
}

describe("PointStats", () => {
  it("an open loop's headline is latency from the intended send, its RTT beside, both labelled", () => {
    render(<PointStats point={point(0, true)} loop="open" />);
    expect(screen.getByTestId("stats-caption")).toHaveTextContent("Latency from intended send of the measured calls");
    expect(screen.getByTestId("loop-tag")).toHaveTextContent("open loop (latency from intended send)");
    const [headline, rtt] = screen.getAllByRole("table");
    expect(within(headline).getAllByRole("cell")[2]).toHaveTextContent("3"); // the median: 3 ms, the latency
    expect(screen.getByTestId("rtt-beside")).toHaveTextContent("RTT (from actual send)");
    expect(within(rtt).getAllByRole("cell")[2]).toHaveTextContent("1");
  });

  it("a closed loop's is its RTT, labelled closed loop, nothing beside", () => {
    render(<PointStats point={point(0, false)} />);
    expect(screen.getByTestId("stats-caption")).toHaveTextContent("RTT of the measured calls");
    expect(screen.getByTestId("loop-tag")).toHaveTextContent("closed loop");
    expect(screen.queryByTestId("rtt-beside")).toBeNull();
  });

  it("a summary from before the latency field falls back to the run's params, and says its numbers are RTT", () => {
    const old = { ...point(0, false), loop: undefined, latency: undefined } as unknown as PointSummary;
    expect(summaryLoop(old, "open")).toBe("open");
    render(<PointStats point={old} loop="open" />);
    expect(screen.getByTestId("stats-caption")).toHaveTextContent("these are RTT (from actual send)");
  });
});

describe("PointTable and SummaryStats", () => {
  it("each row of the points table says its loop and shows an open loop's latency", () => {
    const rows = [point(0, false), point(1, true)].map((p, i) => ({ point: p, label: `point ${i}`, style: pointStyle(i) }));
    render(<PointTable rows={rows} selected={0} onSelect={() => {}} />);
    expect(screen.getAllByTestId("point-loop").map((c) => c.textContent)).toEqual(["closed loop", "open loop"]);
    const open = screen.getAllByRole("row")[2];
    expect(within(open).getAllByRole("cell")[2]).toHaveTextContent("3"); // mean: the latency's 3 ms, not the RTT's 1 ms
  });

  it("the run's overall statistics are RTT, and an open-loop run says so", () => {
    const summary = { unit: "ns", first_call: null, rtt: stats(1_000_000), warmup_calls: 0, error_calls: 0, steps: [], points: [] } as unknown as RunSummary;
    render(<SummaryStats summary={summary} loop="open" />);
    expect(screen.getByTestId("stats-caption")).toHaveTextContent("RTT of the measured calls open loop: RTT from actual send, not latency from intended send");
  });
});

describe("the distributions' axes", () => {
  it("name an open loop's latency from the intended send, else RTT", () => {
    const row = { pointNo: 0, label: "p0", style: pointStyle(0), cdf: { rtt_ns: [1000, 2000], p: [0.5, 1] } };
    const { unmount } = render(<CdfChart series={[row]} selected={0} width={400} measure="Latency from intended send" />);
    expect(screen.getByRole("img", { name: "CDF of Latency from intended send per point" })).toBeTruthy();
    unmount();
    render(<CdfChart series={[row]} selected={0} width={400} />);
    expect(screen.getByRole("img", { name: "CDF of RTT per point" })).toBeTruthy();
  });
});
