// The Statistics tab counts each point's slow-start calls beside its confidence interval.
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { StatisticsTab } from "./StatisticsTab";
import { installFakeFetch, runFixture } from "../../test/fakeApi";
import type { Run } from "../../api/types";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stat = (mean: number) => ({ count: 600, mean_ns: mean, median_ns: mean, p90_ns: mean, p99_ns: 2 * mean, stddev_ns: 5, ci95_low_ns: mean - 3, ci95_high_ns: mean + 3 });

describe("Statistics tab", () => {
  it("counts each point's slow-start calls beside its confidence interval (the case study's small packets)", async () => {
    const points = [0, 3000].map((t, i) => ({ point_no: i, request_bytes: 4016, threads: 3, think_time_us: t, cache: "single" }));
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url.endsWith("/analyses/ecs") ? { body: { throughput: [], anova: null, regression: null, ratios: [], reason: "the run has a single request size" } } : undefined),
      ({ url }) => (url.endsWith("/analyses/step_stats") ? { body: { points: [
        { point_no: 0, calls: 600, rtt: stat(10_270_000), steps: [] },
        { point_no: 1, calls: 600, rtt: stat(12_810_000), steps: [], slow_start: { count: 173, share: 173 / 600, rtt: stat(29_530_000), other_rtt: stat(8_830_000) } },
      ] } } : undefined),
    ]);
    render(<StatisticsTab run={run} />);
    await screen.findByTestId("ci-table");
    const cells = screen.getAllByTestId("slow-start-calls").map((c) => c.textContent);
    expect(cells[0]).toBe("0");
    expect(cells[1]).toMatch(/^173 \(29 %, 29\.5\d* ms\)$/);
  });
});
