import { describe, expect, it } from "vitest";
import { estimateSeconds, formatDuration } from "./estimate";
import { listSweep } from "./sweep";
import { DEFAULT_FORM, type LaunchForm } from "./validation";

const base: LaunchForm = { ...DEFAULT_FORM, client_agent_id: "1", server_agent_id: "2" };

describe("estimateSeconds", () => {
  it("ping-pong: calls × (60 µs + bytes / 400 per µs) + 1 s", () => {
    // 1010 calls × (60 + 128/400) µs = 60 923.2 µs
    expect(estimateSeconds(base)).toBeCloseTo(1.0609232, 6);
  });

  it("rpc: sums every point by hand", () => {
    const f: LaunchForm = { ...base, kind: "rpc", transport: "udp", request_sizes: listSweep([0, 4016]),
      threads: listSweep([1, 4]), think_time_us: listSweep([0, 1000]), calls: "90", warmup_calls: "10" };
    // size 0 (120 µs/call): t1 → 100×120 + 100×1120; t4 (2 per core) → 100×240 + 100×1240  = 272 000 µs
    // size 4016 (130.04 µs): t1 → 13 004 + 113 004; t4 → 26 008 + 126 008              = 278 024 µs
    // + 8 points × 0.2 s + 1 s
    expect(estimateSeconds(f)).toBeCloseTo(0.550024 + 1.6 + 1, 6);
  });

  it("stream: its duration plus the start; flows share the cores", () => {
    expect(estimateSeconds({ ...base, kind: "stream", duration_s: "30" })).toBe(31);
    // 4 flows on 2 cores: 1010 × 60.32 µs × 2
    expect(estimateSeconds({ ...base, kind: "flows", flows: "4" })).toBeCloseTo(1 + 0.1218464, 6);
  });

  it("is not a number while a sweep is invalid", () => {
    expect(estimateSeconds({ ...base, kind: "rpc", transport: "udp", protection: [] })).toBeNaN();
  });
});

describe("formatDuration", () => {
  it("rounds to seconds, minutes or hours", () => {
    expect(formatDuration(0.2)).toBe("≈ 1 s");
    expect(formatDuration(42.4)).toBe("≈ 42 s");
    expect(formatDuration(200)).toBe("≈ 3 min 20 s");
    expect(formatDuration(180)).toBe("≈ 3 min");
    expect(formatDuration(3900)).toBe("≈ 1 h 05 min");
    expect(formatDuration(NaN)).toBe("—");
  });
});
