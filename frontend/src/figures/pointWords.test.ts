// A point's parameters in words: size, threads, think time, the cache policy and protection when they matter, a
// ping-pong's reply size.
import { describe, expect, it } from "vitest";
import { pointNamer, pointWords, thinkWords } from "./pointWords";

const caseStudy = [1392, 4016].flatMap((b, i) => ["per-thread", "single"].map((cache, j) => ({
  point_no: i * 2 + j, request_bytes: b, threads: 3, think_time_us: 9000, protection: "none", cache,
})));

describe("pointWords", () => {
  it("names an RPC point's size, threads and think time, and the cache policy the run sweeps", () => {
    expect(pointWords(caseStudy[3], caseStudy)).toBe("4,016 B · 3 threads · think 9 ms · single cache");
    expect(pointWords({ point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0, protection: "none", cache: "per-thread" }, []))
      .toBe("0 B · 1 thread · no think");
  });

  it("names a protection level that is not the default or that the run sweeps", () => {
    const p = { point_no: 0, request_bytes: 1600, threads: 10, think_time_us: 0, protection: "privacy", cache: "per-thread" };
    expect(pointWords(p, [p])).toBe("1,600 B · 10 threads · no think · protection privacy");
  });

  it("a ping-pong point says its reply size when it differs", () => {
    expect(pointWords({ point_no: 0, request_bytes: 64, response_bytes: 64 })).toBe("64 B");
    expect(pointWords({ point_no: 0, request_bytes: 64, response_bytes: 4096 })).toBe("64 B → 4,096 B");
    expect(pointWords(undefined)).toBe("—");
  });

  it("names an open-loop point's rate, and every point of a run by its number", () => {
    const load = [1000, 2000].map((r, i) => ({ point_no: i + 1, request_bytes: 64, threads: 4, think_time_us: 0, rate_calls_s: r }));
    expect(pointNamer(load)(2)).toBe("64 B · 4 threads · no think · 2,000 calls/s");
    expect(pointNamer(load)(7)).toBe("point 7");
  });

  it("think time in µs or ms", () => {
    expect(thinkWords(0)).toBe("no think");
    expect(thinkWords(500)).toBe("think 500 µs");
    expect(thinkWords(1500)).toBe("think 1.5 ms");
    expect(thinkWords(18_000)).toBe("think 18 ms");
  });
});
