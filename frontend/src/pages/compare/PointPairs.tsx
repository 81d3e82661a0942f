// The compare page's per-point sections share these: the pairs of two runs' points under the chosen "differs by",
// the selector naming each pair in words, and the points left without a partner.
import type { Run } from "../../api/types";
import { runPoints } from "../../kinds";
import type { PointWordsParams } from "../../figures/pointWords";
import { differenceWords, PARAM_NAMES, POINT_PARAMS, pairTwo, type PointPair, type PointParam, type UnpairedPoint } from "./pairing";

export const pointsOf = (run: Run): PointWordsParams[] => runPoints(run);

export interface SidePairs {
  pairs: PointPair[];
  unpaired: UnpairedPoint[];
}

/** Pairs among the points each run has data for (point numbers aNos, bNos). */
export function sidePairs(A: Run, B: Run, aNos: number[], bNos: number[], differsBy: PointParam[]): SidePairs {
  return pairTwo(aNos, bNos, pointsOf(A), pointsOf(B), differsBy);
}

/** "4016 B · 3 threads · think 9 ms: per-thread cache ↔ single cache" */
export function pairWords(p: PointPair, A: Run, B: Run, differsBy: PointParam[]): string {
  const diff = differenceWords({ key: p.key, points: [p.a, p.b] }, [pointsOf(A), pointsOf(B)], differsBy);
  return diff ? `${p.key}: ${diff}` : p.key;
}

/** Why a section has no pair: the parameters the points had to agree on. */
export function noPairText(differsBy: PointParam[]): string {
  const rest = POINT_PARAMS.filter((k) => !differsBy.includes(k)).map((k) => PARAM_NAMES[k]);
  return `the runs have no point in common on ${rest.join(", ") || "any parameter"}; choose what the runs differ by above`;
}

export function PairSelect({ pairs, A, B, differsBy, value, onChange, label }: {
  pairs: PointPair[]; A: Run; B: Run; differsBy: PointParam[]; value: number; onChange: (i: number) => void; label: string;
}) {
  if (pairs.length <= 1) return null;
  return (
    <label className="small">Point{" "}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label={label}>
        {pairs.map((p, i) => <option key={`${p.a}-${p.b}`} value={i}>{pairWords(p, A, B, differsBy)}</option>)}
      </select>
    </label>
  );
}

/** "Without a partner: only in A: 4016 B · 6 threads · think 9 ms · single cache; … Only in B: …" */
export function UnpairedNote({ unpaired, testId }: { unpaired: UnpairedPoint[]; testId: string }) {
  if (unpaired.length === 0) return null;
  const side = (r: number) => unpaired.filter((u) => u.run === r).map((u) => u.words);
  const parts = [0, 1].map((r) => ({ name: r === 0 ? "A" : "B", words: side(r) })).filter((s) => s.words.length);
  return (
    <p className="muted small" data-testid={testId}>
      Without a partner: {parts.map((s) => `only in ${s.name}: ${s.words.join("; ")}.`).join(" ")}
    </p>
  );
}
