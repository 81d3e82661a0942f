// The binary timeline format: what the encoder writes the decoder reads back as typed columns; bad answers are named.
import { describe, expect, it } from "vitest";
import { syntheticTimeline } from "./syntheticTimeline";
import { decodeTimeline, encodeTimeline } from "./wire";

describe("binary timeline", () => {
  it("reads back every column, as typed arrays, and the header fields", () => {
    const data = { ...syntheticTimeline(7, 3), next_call: 10 };
    data.calls.start_ns[2] = 2 ** 40 + 1; // a time past int32 survives exactly
    const got = decodeTimeline(encodeTimeline(data));
    expect(got.from_call).toBe(data.from_call);
    expect(got.next_call).toBe(10);
    expect(got.codes).toEqual(data.codes);
    expect(got.steps.code).toBeInstanceOf(Int16Array);
    expect(got.steps.start_ns).toBeInstanceOf(Float64Array);
    for (const k of ["call_no", "flags", "start_ns", "rtt_ns"] as const) expect(Array.from(got.calls[k])).toEqual(data.calls[k]);
    for (const k of ["call_no", "code", "start_ns", "end_ns"] as const) expect(Array.from(got.steps[k])).toEqual(data.steps[k]);
  });

  it("refuses what is not the format or is cut short", () => {
    expect(() => decodeTimeline(new TextEncoder().encode('{"unit":"ns"}').buffer as ArrayBuffer)).toThrow(/PLTL/);
    const whole = encodeTimeline(syntheticTimeline(5));
    expect(() => decodeTimeline(whole.slice(0, whole.byteLength - 16))).toThrow(/steps.end_ns lies outside the answer/);
  });
});
