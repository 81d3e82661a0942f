// The timeline's axis and colours: the unit picked from the window, ticks near zero and from an anchor when zoomed far
// in, step colours by side.
import { describe, expect, it } from "vitest";
import { axisTicks, stepColour, timeUnit } from "./render";
import { STEPS } from "../../steps.generated";

describe("timeline axis", () => {
  it("picks the unit from the window", () => {
    expect(timeUnit(5_000).unit).toBe("ns");
    expect(timeUnit(300_000).unit).toBe("µs");
    expect(timeUnit(300_000_000).unit).toBe("ms");
    expect(timeUnit(60e9).unit).toBe("s");
  });

  it("labels ticks in the window's unit near zero", () => {
    const { ticks, anchor } = axisTicks(0, 300_000_000, 4);
    expect(anchor).toBeNull();
    expect(ticks.map((t) => t.label)).toEqual(["0 ms", "100 ms", "200 ms", "300 ms"]);
    expect(ticks[1].ns).toBe(100_000_000);
  });

  it("counts from an anchor when zoomed in far from zero", () => {
    // a 10 µs window 54.706 ms into the run
    const { ticks, anchor } = axisTicks(54_706_000, 54_716_000, 5);
    expect(anchor).toBe("54.706 ms");
    expect(ticks[0]).toEqual({ ns: 54_706_000, label: "+0" });
    expect(ticks[1].label).toBe("+2000 ns");
  });

  it("colours steps by side and segment: the case study's c.wait, s.ack and k.c.net apart, an unknown code grey", () => {
    const code = (name: string) => STEPS.find((s) => s.name === name && s.code >= 10)!.code;
    const colours = new Set(["c.wait", "s.ack", "k.c.net"].map((n) => stepColour(code(n))));
    expect(colours.size).toBe(3);
    // every step its own colour but for the ping-pong twin of an RPC step's name (c.wait, c.recv)
    const names = new Set(STEPS.map((s) => s.name));
    expect(new Set(STEPS.map((s) => stepColour(s.code))).size).toBe(names.size);
    expect(stepColour(250)).toBe(stepColour(251));
  });
});
