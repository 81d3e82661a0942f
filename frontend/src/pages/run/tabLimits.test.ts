// Which figure tabs a run cannot draw, and why: no size or thread sweep, a ping-pong's model, one size.
import { describe, expect, it } from "vitest";
import type { Run } from "../../api/types";
import { tabLimits } from "./tabLimits";

const run = (kind: string, points: object[]) => ({ kind, params: { points } }) as unknown as Run;

describe("tabLimits", () => {
  it("marks the size and thread figures of a run that sweeps neither, and the model of a ping-pong", () => {
    const limits = tabLimits(run("pingpong", [{ point_no: 0, request_bytes: 64 }]));
    expect(Object.keys(limits).sort()).toEqual(["load", "model", "rtt-size", "throughput"]);
    expect(limits["rtt-size"]).toBe("one request size only (64 B): sweep request sizes to draw RTT vs size");
  });

  it("marks nothing a case-study sweep can draw except RTT vs size when it has one size", () => {
    const pts = [1, 3, 6].flatMap((t) => [0, 3000].map((z) => ({ request_bytes: 4016, threads: t, think_time_us: z })));
    expect(Object.keys(tabLimits(run("rpc", pts)))).toEqual(["rtt-size", "load"]);
    const sized = [...pts, ...pts.map((p) => ({ ...p, request_bytes: 1392 }))];
    expect(tabLimits(run("rpc", sized))).toEqual({ load: expect.stringMatching(/closed-loop run/) });
  });

  it("counts thread counts only at points without think time, as the throughput figure does", () => {
    const pts = [{ request_bytes: 0, threads: 1, think_time_us: 0 }, { request_bytes: 0, threads: 3, think_time_us: 9000 }];
    expect(tabLimits(run("rpc", pts)).throughput).toMatch(/one thread count only/);
  });

  it("draws latency against load for an open-loop sweep of two rates or more, not for one rate", () => {
    const open = (rates: number[]) => ({ kind: "rpc", params: { arrival: "poisson", points: rates.map((r) => ({ request_bytes: 64, threads: 2, rate_calls_s: r })) } }) as unknown as Run;
    expect(tabLimits(open([100, 200])).load).toBeUndefined();
    expect(tabLimits(open([100])).load).toMatch(/one offered rate only/);
  });
});
