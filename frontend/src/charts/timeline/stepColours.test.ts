// Step colours by side and segment from the generated step table, and the legend grouped the same way.
import { describe, expect, it } from "vitest";
import { STEPS } from "../../steps.generated";
import { legendGroups, segmentOf, stepColour } from "./stepColours";

const byName = (name: string) => STEPS.find((s) => s.name === name && s.code >= 10)!;
const hue = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};

describe("timeline step colours", () => {
  it("puts each RPC step in its side's hue family and segment", () => {
    expect(segmentOf(byName("c.marshal"))).toBe("prepare");
    expect(segmentOf(byName("c.wait"))).toBe("wait");
    expect(segmentOf(byName("s.service"))).toBe("work");
    expect(segmentOf(byName("s.ack"))).toBe("receive");
    expect(segmentOf(byName("k.c.net"))).toBe("network");
    expect(segmentOf(byName("k.s.rx"))).toBe("kernel-in");
    for (const s of STEPS.filter((x) => x.side !== "kernel")) {
      const h = hue(stepColour(s.code));
      if (s.side === "client") expect(h > 190 && h < 240).toBe(true);
      else expect(h > 15 && h < 45).toBe(true);
    }
  });

  it("groups the legend by side and segment, in the registry's order", () => {
    const codes = ["c.marshal", "c.sendmsg", "c.wait", "s.idle", "s.service", "k.c.net"].map((n) => ({ code: byName(n).code, name: n }));
    expect(legendGroups(codes).map((g) => [g.label, g.steps.map((s) => s.name)])).toEqual([
      ["Client · preparing", ["c.marshal"]], ["Client · sending", ["c.sendmsg"]], ["Client · waiting", ["c.wait"]],
      ["Server · waiting", ["s.idle"]], ["Server · serving", ["s.service"]], ["Kernel · network and peer", ["k.c.net"]],
    ]);
  });
});
