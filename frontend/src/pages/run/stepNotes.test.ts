// The Steps tab's notes (issue 37, item 9): ping-pong's c.recv at 0 ns and a kernel step in part of the calls each
// say why, instead of reading as a broken measurement.
import { describe, expect, it } from "vitest";
import { partialCalls, stepNotes } from "./stepNotes";

describe("step notes", () => {
  it("says what a step at 0 ns times and in how many calls a kernel step was stamped", () => {
    const notes = stepNotes([
      { code: 3, name: "c.recv", count: 10_000, meanNs: 0.2 },
      { code: 211, name: "k.s.rx", count: 6_769, meanNs: 4_100 },
      { code: 1, name: "c.send", count: 10_000, meanNs: 8_670 },
    ], 10_000);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toBe("c.recv shows 0 ns: it times first bytes returned → whole reply read (0 when it came in one read).");
    expect(notes[1]).toMatch(/^k\.s\.rx is in 6,769 of 10,000 calls: the kernel stamps it only when/);
  });

  it("leaves plain steps without a note", () => {
    expect(stepNotes([{ code: 1, name: "c.send", count: 50, meanNs: 900 }], 50)).toEqual([]);
    expect(partialCalls({ count: 50 }, 50)).toBeNull();
    expect(partialCalls({ count: 49 }, 50)).toBe("49 of 50");
  });
});
