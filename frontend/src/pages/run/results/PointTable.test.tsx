// The per-point table: a Retransmissions column only when some point retransmitted (what loss did to its calls).
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { PointSummary } from "../../../api/types";
import { pointStyle } from "../../../charts/pointDist/transform";
import { PointTable, retransmitsCell } from "./PointTable";

function point(i: number, retransmits = 0, calls_retransmitted = 0): PointSummary {
  const ns = 1_000_000 * (i + 1);
  const stats = { count: 100, mean_ns: ns, median_ns: ns, p90_ns: ns, p99_ns: ns, p999_ns: ns, stddev_ns: 1, ci95_low_ns: ns,
    ci95_high_ns: ns, min_ns: ns, max_ns: ns };
  return {
    point_no: i, calls: 101, counts: { measured: 100, first: 1, warmup: 0, error: 0 }, rtt: stats, first_calls: null,
    cdf: { rtt_ns: [ns], p: [1] }, box: null, retransmits, calls_retransmitted,
  } as PointSummary;
}

const rows = (ps: PointSummary[]) => ps.map((p, i) => ({ point: p, label: `point ${i}`, style: pointStyle(i) }));

describe("PointTable retransmissions", () => {
  it("says how many retransmissions and in how many calls", () => {
    expect(retransmitsCell({ retransmits: 3, calls_retransmitted: 2 })).toBe("3 in 2 calls");
    expect(retransmitsCell({ retransmits: 1, calls_retransmitted: 1 })).toBe("1 in 1 call");
    expect(retransmitsCell({ retransmits: 0, calls_retransmitted: 0 })).toBe("—");
    expect(retransmitsCell({})).toBe("—"); // a summary from before the field
  });

  it("shows the column only when a point retransmitted", () => {
    const { unmount } = render(<PointTable rows={rows([point(0), point(1)])} selected={0} onSelect={() => {}} />);
    expect(screen.queryByText("Retransmissions")).toBeNull();
    expect(screen.queryAllByTestId("point-retransmits")).toHaveLength(0);
    unmount();
    render(<PointTable rows={rows([point(0), point(1, 4, 3)])} selected={0} onSelect={() => {}} />);
    expect(within(screen.getByTestId("point-table")).getByText("Retransmissions")).toBeTruthy();
    expect(screen.getAllByTestId("point-retransmits").map((c) => c.textContent)).toEqual(["—", "4 in 3 calls"]);
  });
});
