// The run header's parameters: a ping-pong's sizes and calls, an rpc sweep's distinct values, long lists shortened,
// stream and flows runs.
import { describe, expect, it } from "vitest";
import { paramRows } from "./paramsSummary";

const value = (rows: ReturnType<typeof paramRows>, label: string) => rows.find((r) => r.label === label)?.value;

describe("paramRows", () => {
  it("shows a ping-pong's sizes and calls", () => {
    const rows = paramRows("pingpong", { transport: "tcp", request_bytes: 64, response_bytes: 1024, calls: 1000, warmup_calls: 10 });
    expect(value(rows, "Transport")).toBe("TCP");
    expect(value(rows, "Request / response")).toMatch(/^64 B \/ 1(\.0)? Ki?B$/);
    expect(rows.find((r) => r.label === "Calls")?.note).toBe("+ 10 warm-up");
  });

  it("lists an rpc sweep's distinct sizes, threads, think times, protection and cache", () => {
    const points = [];
    for (const size of [0, 4016]) for (const threads of [1, 3]) for (const think of [0, 3000])
      points.push({ request_bytes: size, threads, think_time_us: think, protection: "none", cache: "single" });
    const rows = paramRows("rpc", { transport: "udp", procedure: "echo", calls: 100, warmup_calls: 5, points });
    expect(value(rows, "Threads")).toBe("1, 3");
    expect(value(rows, "Think time")).toBe("none, 3 ms");
    expect(value(rows, "Protection / cache")).toBe("none / single");
    expect(value(rows, "Points")).toBe("8");
    expect(value(rows, "Calls")).toMatch(/^100 per thread and point$/);
    expect(value(rows, "Request sizes")!.split(", ")).toHaveLength(2);
  });

  it("shortens long lists to first … last", () => {
    const points = Array.from({ length: 10 }, (_, i) => ({ request_bytes: i, threads: i + 1, think_time_us: 0 }));
    expect(value(paramRows("rpc", { points }), "Threads")).toBe("10 values, 1 … 10");
  });

  it("shows a stream's message size and duration and a flows run's mode", () => {
    expect(value(paramRows("stream", { transport: "udp", message_bytes: 1000, duration_s: 5, interval_ms: 100 }), "Duration")).toBe("5 s");
    expect(value(paramRows("flows", { transport: "tcp", flows: 4, mode: "processes", request_bytes: 1, response_bytes: 1, calls: 10 }), "Control flows")).toBe("4 processes");
  });
});
