// Which latency a percentile is: the run's loop from its params (as the backend's analysis/open_loop.py loop_of),
// a point's own, a sweep of both; the tag's words.
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { LoopTag, loopOf, loopWords, measureWords } from "./loop";

const run = (params: object) => ({ params });

describe("loopOf", () => {
  it("is closed without a rate or with closed arrivals, open with a rate and constant or Poisson arrivals", () => {
    expect(loopOf(run({ request_bytes: 64 }))).toBe("closed");
    expect(loopOf(run({ arrival: "closed", rate_calls_s: 1000 }))).toBe("closed");
    expect(loopOf(run({ arrival: "poisson" }))).toBe("closed"); // no rate offered
    expect(loopOf(run({ arrival: "constant", rate_calls_s: 1000 }))).toBe("open"); // a ping-pong: the rate in the run's params
    expect(loopOf(undefined)).toBe("closed");
  });

  it("merges the run's params with each point's (RPC: the rate per point)", () => {
    const sweep = run({ arrival: "poisson", points: [{ point_no: 0, rate_calls_s: 500 }, { point_no: 1, rate_calls_s: 2000 }] });
    expect(loopOf(sweep)).toBe("open");
    expect(loopOf(sweep, 1)).toBe("open");
    const mixed = run({ arrival: "poisson", points: [{ point_no: 0 }, { point_no: 1, rate_calls_s: 2000 }] });
    expect(loopOf(mixed)).toBe("mixed");
    expect(loopOf(mixed, 0)).toBe("closed");
    expect(loopOf(mixed, 1)).toBe("open");
    expect(loopOf(run({ points: [{ point_no: 0, request_bytes: 64 }] }), 0)).toBe("closed");
  });

  it("says which latency in words", () => {
    expect(loopWords(run({}))).toBe("closed loop");
    expect(loopWords(run({ arrival: "constant", rate_calls_s: 10 }))).toBe("open loop (latency from intended send)");
    expect(measureWords("open")).toBe("Latency from intended send");
    expect(measureWords("closed")).toBe("RTT");
  });

  it("tags numbers with their loop, and says so where they are RTT whatever the loop", () => {
    const { unmount } = render(<LoopTag loop="open" />);
    expect(screen.getByTestId("loop-tag")).toHaveTextContent("open loop (latency from intended send)");
    expect(screen.getByTestId("loop-tag").getAttribute("title")).toMatch(/intended send/);
    unmount();
    render(<LoopTag loop="open" rtt />);
    expect(screen.getByTestId("loop-tag")).toHaveTextContent("open loop: RTT from actual send, not latency from intended send");
  });
});
