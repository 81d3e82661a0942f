// The Statistics tab counts each point's slow-start calls beside its confidence interval.
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { StatisticsTab } from "./StatisticsTab";
import { installFakeFetch, rttStatFixture, runFixture } from "../../test/fakeApi";
import type { Run } from "../../api/types";

describe("Statistics tab", () => {
  it("counts each point's slow-start calls beside its confidence interval (the case study's small packets)", async () => {
    const points = [0, 3000].map((t, i) => ({ point_no: i, request_bytes: 4016, threads: 3, think_time_us: t, cache: "single" }));
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url.endsWith("/analyses/ecs") ? { body: { throughput: [], anova: null, regression: null, ratios: [], reason: "the run has a single request size" } } : undefined),
      ({ url }) => (url.endsWith("/analyses/step_stats") ? { body: { points: [
        { point_no: 0, calls: 600, rtt: rttStatFixture(10_270_000), steps: [] },
        { point_no: 1, calls: 600, rtt: rttStatFixture(12_810_000), steps: [], slow_start: { count: 173, share: 173 / 600, rtt: rttStatFixture(29_530_000), other_rtt: rttStatFixture(8_830_000) } },
      ] } } : undefined),
    ]);
    render(<StatisticsTab run={run} />);
    await screen.findByTestId("ci-table");
    const cells = screen.getAllByTestId("slow-start-calls").map((c) => c.textContent);
    expect(cells[0]).toBe("0");
    expect(cells[1]).toMatch(/^173 \(29 %, 29\.5\d* ms\)$/);
  });

  it("fits RTT on size per group of points sharing threads, and says which group has one size only", async () => {
    const points = [[1392, 1], [4016, 1], [1392, 3], [4016, 3], [1392, 6]].map(([b, t], i) => ({ point_no: i, request_bytes: b, threads: t, think_time_us: 0 }));
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    const fit = (slope: number) => ({ slope, intercept: 5e6, r2: 0.9, p: 1e-9, n: 400, sizes: 2, intercept_ci95: null, slope_ci95: [slope - 1, slope + 1], caveat: null });
    const groups = [
      { params: { threads: 1 }, point_nos: [0, 1], sizes: 2, n: 400, fit: fit(8), reason: null },
      { params: { threads: 3 }, point_nos: [2, 3], sizes: 2, n: 1200, fit: fit(-200), reason: null },
      { params: { threads: 6 }, point_nos: [4], sizes: 1, n: 200, fit: null, reason: "one request size only (1392 B): no slope can be fitted" },
    ];
    installFakeFetch([
      ({ url }) => (url.endsWith("/analyses/ecs") ? { body: { throughput: [], anova: null, regression: null, regression_groups: groups, ratios: [] } } : undefined),
      ({ url }) => (url.endsWith("/analyses/step_stats") ? { body: { points: [] } } : undefined),
    ]);
    render(<StatisticsTab run={run} />);
    const table = await screen.findByTestId("regression-groups");
    const rows = [...table.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent));
    expect(rows[0]).toEqual(["1 thread · no think", "400", "+8.19 µs/KiB", "+7.17 µs/KiB to +9.22 µs/KiB", "0.900"]);
    expect(rows[1][2]).toBe("−204.8 µs/KiB");
    expect(rows[2]).toEqual(["6 threads · no think", "200", "one request size only (1392 B): no slope can be fitted"]);
    expect(screen.getByTestId("regression-reading").textContent).toContain("falls in 1 (by 204.8 µs per KiB)");
  });
});
