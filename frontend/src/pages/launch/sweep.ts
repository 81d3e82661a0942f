// A sweep field (request sizes, threads, think times) typed as a list or as a range with linear
// or logarithmic spacing; expanded here into the list of values the backend takes.

export type SweepMode = "list" | "linear" | "log";

export interface SweepSpec {
  mode: SweepMode;
  list: string; // "0, 1392, 4016" (commas or spaces)
  from: string;
  to: string;
  step: string; // linear: the increment; log: the factor (> 1)
}

export interface SweepResult {
  values: number[];
  error?: string;
}

export const listSweep = (values: number[]): SweepSpec => ({ mode: "list", list: values.join(", "), ...rangeOf(values, "linear") });

/** The range closest to a list of values: its ends, and the step (linear: the values' spacing, or what gives as
 * many values) or the factor (log) that covers it in as many values. Switching a preset's 21 sizes to a range
 * must keep about 21 values, not become every whole number between the ends. */
export function rangeOf(values: number[], mode: "linear" | "log"): Pick<SweepSpec, "from" | "to" | "step"> {
  const v = [...new Set(values)].sort((a, b) => a - b);
  const lo = v[0] ?? 0, hi = v[v.length - 1] ?? 0, gaps = Math.max(1, v.length - 1);
  if (mode === "log") {
    const from = Math.max(1, lo);
    const factor = hi > from ? Math.pow(hi / from, 1 / gaps) : 2;
    return { from: String(from), to: String(hi), step: String(Math.max(1.01, Number(factor.toFixed(2)))) };
  }
  const diffs = v.slice(1).map((x, i) => x - v[i]);
  const even = diffs.length > 0 && diffs.every((d) => d === diffs[0]);
  return { from: String(lo), to: String(hi), step: String(even ? diffs[0] : Math.max(1, Math.ceil((hi - lo) / gaps))) };
}

/** The same sweep typed another way: a list becomes its range (rangeOf), a range its list of values. */
export function switchMode(spec: SweepSpec, mode: SweepMode, b: SweepBounds): SweepSpec {
  if (mode === spec.mode) return spec;
  const { values } = expandSweep(spec, b);
  if (!values.length) return { ...spec, mode }; // nothing valid to carry over: keep what was typed
  return mode === "list" ? { ...spec, mode, list: values.join(", ") } : { ...spec, mode, ...rangeOf(values, mode) };
}

export interface SweepBounds {
  label: string; // "Request sizes"
  min: number;
  max: number;
  unit?: string; // "bytes"
  maxValues: number;
}

const WHOLE = /^\d+$/;

function range(b: SweepBounds): string {
  return `${b.min} and ${b.max}${b.unit ? ` ${b.unit}` : ""}`;
}

function parseWhole(raw: string, what: string, b: SweepBounds): number | string {
  const s = raw.trim();
  if (!WHOLE.test(s)) return `${b.label}: ${what} must be a whole number between ${range(b)}${s ? ` (got ${s})` : ""}`;
  const v = Number(s);
  if (v < b.min || v > b.max) return `${b.label}: ${what} must be between ${range(b)} (got ${s})`;
  return v;
}

/** Expands a sweep into its values (in the order typed for a list, ascending for a range). */
export function expandSweep(spec: SweepSpec, b: SweepBounds): SweepResult {
  let values: number[] = [];
  if (spec.mode === "list") {
    const parts = spec.list.split(/[\s,;]+/).filter((p) => p !== "");
    if (parts.length === 0) return { values: [], error: `${b.label}: give at least one value between ${range(b)}` };
    for (const p of parts) {
      const v = parseWhole(p, "each value", b);
      if (typeof v === "string") return { values: [], error: v };
      values.push(v);
    }
  } else {
    const from = parseWhole(spec.from, "from", b);
    if (typeof from === "string") return { values: [], error: from };
    const to = parseWhole(spec.to, "to", b);
    if (typeof to === "string") return { values: [], error: to };
    if (to < from) return { values: [], error: `${b.label}: to must be at least from (${from})` };
    const step = Number(spec.step.trim());
    if (spec.mode === "linear") {
      if (!WHOLE.test(spec.step.trim()) || step < 1) {
        return { values: [], error: `${b.label}: step must be a whole number of at least 1` };
      }
      for (let v = from; v <= to && values.length <= b.maxValues; v += step) values.push(v);
    } else {
      if (!Number.isFinite(step) || step <= 1 || step > 1000) {
        return { values: [], error: `${b.label}: factor must be a number above 1 and at most 1000` };
      }
      if (from < 1) return { values: [], error: `${b.label}: a log range must start at 1 or more` };
      // geometric values rounded to whole numbers; a value rounding onto the previous is skipped
      for (let x = from; Math.round(x) <= to && values.length <= b.maxValues; x *= step) {
        const v = Math.round(x);
        if (values[values.length - 1] !== v) values.push(v);
      }
    }
  }
  if (values.length > b.maxValues) {
    return { values: [], error: `${b.label}: at most ${b.maxValues} values (got ${values.length}${spec.mode === "list" ? "" : " or more"})` };
  }
  return { values };
}
