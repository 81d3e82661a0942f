// The binary timeline format: what the encoder writes the decoder reads back as typed columns; bad answers are named.
import { describe, expect, it } from "vitest";
import { syntheticTimeline } from "./syntheticTimeline";
import { buildLayout } from "./transform";
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

describe("layout of the binary answer", () => {
  it("is the layout of the JSON answer, in every mode and with steps out of call order or filtered", () => {
    const json = syntheticTimeline(50);
    // the server's steps of calls 10..19 moved to the end: not in row order any more
    const order = json.steps.code.map((_, i) => i);
    const moved = order.filter((i) => json.steps.code[i] === 102 && json.steps.call_no[i] >= 10 && json.steps.call_no[i] < 20);
    const reordered = [...order.filter((i) => !moved.includes(i)), ...moved];
    const pick = (xs: number[]) => reordered.map((i) => xs[i]);
    const shuffled = { ...json, steps: { call_no: pick(json.steps.call_no), code: pick(json.steps.code), start_ns: pick(json.steps.start_ns), end_ns: pick(json.steps.end_ns) } };
    for (const data of [json, shuffled]) {
      const binary = decodeTimeline(encodeTimeline(data));
      for (const opts of [{ mode: "real" as const }, { mode: "aligned" as const }, { mode: "real" as const, minRttNs: 120 }]) {
        const a = buildLayout(data, opts);
        const b = buildLayout(binary, opts);
        expect(b.rows).toBe(a.rows);
        expect(Array.from(b.x0)).toEqual(Array.from(a.x0));
        expect(Array.from(b.x1)).toEqual(Array.from(a.x1));
        expect(Array.from(b.codeIdx)).toEqual(Array.from(a.codeIdx));
        expect(Array.from(b.spanStart)).toEqual(Array.from(a.spanStart));
      }
    }
  });
});

