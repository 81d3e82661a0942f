// Pairing runs' points: the parameter two runs differ by, points paired on the others (equal values first), more than
// two runs, and unpaired points named.
import { describe, expect, it } from "vitest";
import type { PointWordsParams } from "../../figures/pointWords";
import { differenceWords, differingParams, pairRuns, pairTwo, valueWords } from "./pairing";

// the case study's sweep (2 sizes × 3 threads × 2 think times) under one cache policy
function sweep(cache: string, protection = "none"): PointWordsParams[] {
  const out: PointWordsParams[] = [];
  for (const request_bytes of [1392, 4016])
    for (const threads of [1, 3, 6])
      for (const think_time_us of [0, 9000]) out.push({ point_no: out.length, request_bytes, threads, think_time_us, protection, cache });
  return out;
}

describe("differingParams", () => {
  it("finds the parameter two runs were launched to compare", () => {
    expect(differingParams([sweep("per-thread"), sweep("single")])).toEqual(["cache"]);
    expect(differingParams([sweep("single", "none"), sweep("single", "pkt"), sweep("single", "privacy")])).toEqual(["protection"]);
    expect(differingParams([sweep("single"), sweep("single")])).toEqual([]);
  });

  it("a sweep over more sizes differs by size; a missing field is the default", () => {
    const a = [{ point_no: 0, request_bytes: 0 }, { point_no: 1, request_bytes: 4016 }];
    const b = [...a, { point_no: 2, request_bytes: 8032 }];
    expect(differingParams([a, b])).toEqual(["request_bytes"]);
    expect(differingParams([[{ point_no: 0, request_bytes: 64 }], [{ point_no: 0, request_bytes: 64, threads: 1, cache: "per-thread" }]])).toEqual([]);
  });
});

describe("pairRuns", () => {
  it("pairs every point of a per-thread and a single-cache run on the other parameters", () => {
    const runs = [sweep("per-thread"), sweep("single")];
    const p = pairRuns(runs, ["cache"]);
    expect(p.unpaired).toEqual([]);
    expect(p.matches).toHaveLength(12);
    expect(p.matches.every((m) => m.points[0] === m.points[1])).toBe(true);
    expect(p.matches[9].key).toBe("4,016 B · 3 threads · think 9 ms");
    expect(differenceWords(p.matches[9], runs, ["cache"])).toBe("per-thread cache ↔ single cache");
  });

  it("without the differing parameter nothing pairs, and every point is named as unpaired", () => {
    const p = pairRuns([sweep("per-thread"), sweep("single")], []);
    expect(p.matches).toEqual([]);
    expect(p.unpaired).toHaveLength(24);
    expect(p.unpaired[23]).toEqual({ run: 1, point_no: 11, words: "4,016 B · 6 threads · think 9 ms · single cache" });
  });

  it("pairs equal values first, then leaves the extra size unpaired", () => {
    const a = [{ point_no: 0, request_bytes: 0 }, { point_no: 1, request_bytes: 4016 }];
    const b = [{ point_no: 0, request_bytes: 8032 }, { point_no: 1, request_bytes: 0 }, { point_no: 2, request_bytes: 4016 }];
    const p = pairRuns([a, b], ["request_bytes"]);
    expect(p.matches.map((m) => m.points)).toEqual([[0, 1], [1, 2]]);
    expect(p.unpaired).toEqual([{ run: 1, point_no: 0, words: "8,032 B" }]);
  });

  it("a run sweeping both policies against one with a single policy pairs the policy they share", () => {
    const both = [...sweep("per-thread").slice(0, 2), ...sweep("single").slice(0, 2).map((p, i) => ({ ...p, point_no: 2 + i }))];
    const p = pairRuns([both, sweep("single").slice(0, 2)], ["cache"]);
    expect(p.matches.map((m) => m.points)).toEqual([[2, 0], [3, 1]]);
    expect(p.unpaired.map((u) => [u.run, u.point_no])).toEqual([[0, 0], [0, 1]]);
  });

  it("lines up more than two runs, a run without a partner point left as null", () => {
    const runs = [sweep("single", "none"), sweep("single", "pkt"), sweep("single", "privacy").slice(0, 6)];
    const p = pairRuns(runs, ["protection"]);
    expect(p.matches).toHaveLength(12);
    expect(p.matches[0].points).toEqual([0, 0, 0]);
    expect(p.matches[11].points).toEqual([11, 11, null]);
    expect(differenceWords(p.matches[11], runs, ["protection"])).toBe("protection none ↔ protection pkt ↔ —");
  });
});

describe("pairTwo", () => {
  it("pairs only points with data, and two one-point runs whatever their parameters", () => {
    const a = sweep("per-thread");
    const b = sweep("single");
    expect(pairTwo([0, 1, 2], [1, 2], a, b, ["cache"])).toEqual({
      pairs: [{ a: 1, b: 1, key: "1,392 B · 1 thread · think 9 ms" }, { a: 2, b: 2, key: "1,392 B · 3 threads · no think" }],
      unpaired: [{ run: 0, point_no: 0, words: "1,392 B · 1 thread · no think · per-thread cache" }],
    });
    expect(pairTwo([0], [0], [{ point_no: 0, request_bytes: 64 }], [{ point_no: 0, request_bytes: 16384 }], [])).toEqual({
      pairs: [{ a: 0, b: 0, key: "the only point of each run" }], unpaired: [],
    });
  });
});

describe("valueWords", () => {
  it("says one value the way pointWords does", () => {
    expect(valueWords("threads", 1)).toBe("1 thread");
    expect(valueWords("think_time_us", 18000)).toBe("think 18 ms");
    expect(valueWords("cache", undefined)).toBe("per-thread cache");
  });
});
