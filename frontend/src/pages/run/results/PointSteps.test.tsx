// A point's steps on the Results tab (issue 37, item 9): a kernel step stamped in part of the calls and a step at
// 0 ns each say why beneath the table.
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { PointSteps } from "./PointSteps";
import { installFakeFetch } from "../../../test/fakeApi";

const stats = (count: number, mean: number) => ({
  count, mean_ns: mean, median_ns: mean, p90_ns: mean, p99_ns: mean, p999_ns: mean, stddev_ns: 0,
  ci95_low_ns: mean, ci95_high_ns: mean, min_ns: mean, max_ns: mean,
});
const step = (code: number, name: string, side: string, count: number, mean: number) =>
  ({ code, name, side, paper: "", runs_per_call: 1, stats: stats(count, mean) });

describe("PointSteps", () => {
  it("says why k.s.rx is in 6,769 of 10,000 calls and what c.recv at 0 ns times", async () => {
    installFakeFetch([
      ({ url }) => (url === "/api/runs/7/analyses/step_stats" ? { body: { probe_cost_ns: {}, probe_cost_note: "", points: [{
        point_no: 0, calls: 10_000, rtt: stats(10_000, 27_000), first_call: null,
        steps: [step(3, "c.recv", "client", 10_000, 0), step(211, "k.s.rx", "kernel", 6_769, 4_100), step(1, "c.send", "client", 10_000, 8_670)],
      }] } } : undefined),
    ]);
    render(<PointSteps runId={7} pointNo={0} />);
    const notes = (await screen.findByTestId("step-notes")).textContent!;
    expect(notes).toContain("c.recv shows 0 ns: it times first bytes returned → whole reply read (0 when it came in one read).");
    expect(notes).toContain("k.s.rx is in 6,769 of 10,000 calls: the kernel stamps it only when");
    expect(notes).not.toContain("c.send");
  });
});
