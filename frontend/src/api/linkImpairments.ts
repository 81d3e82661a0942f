// A link's impairments in one shape, whether read from a profile (GET /api/links/profiles, a run's `link.requested`)
// or from the link process as it ran (a run's `link.wire.impairments`), and their readings in an engineer's words:
// long for the launch form, compact for the run page's link line.
import type { LinkProfile } from "./links";

/** [client -> server, server -> client] */
export type PerDirection<T> = [T, T];

/** Gilbert-Elliott loss, each a percentage: p good->bad, r bad->good, loss in the bad and in the good state. */
export interface GilbertElliott {
  p: number;
  r: number;
  bad: number;
  good: number;
}

export interface Impairments {
  rateMbit: PerDirection<number | null>;
  delayMs: PerDirection<number>;
  jitterMs: PerDirection<number>;
  jitterDist: string | null;
  reorder: boolean;
  lossPercent: PerDirection<number>;
  ge: PerDirection<GilbertElliott> | null;
  duplicatePercent: PerDirection<number>;
  corruptPercent: PerDirection<number>;
  /** packets when the queue counts packets, else bytes; null: the link process's default (200 ms at the rate) */
  queuePackets: PerDirection<number> | null;
  queueBytes: PerDirection<number> | null;
  aqm: "drop-tail" | "codel";
  codelTargetMs: number | null;
  codelIntervalMs: number | null;
}

/** The fields of a profile as GET /api/links/profiles and a run's `link.requested` carry them. */
type ProfileLike = Partial<LinkProfile> & { reverse?: Record<string, number> | null };

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function both(p: ProfileLike, key: keyof LinkProfile & string): PerDirection<number | null> {
  const fwd = num(p[key]);
  const rev = p.reverse && key in p.reverse ? num(p.reverse[key]) : fwd;
  return [fwd, rev];
}

const zero = (v: PerDirection<number | null>): PerDirection<number> => [v[0] ?? 0, v[1] ?? 0];

/** A profile's impairments (client -> server its fields, server -> client those of `reverse` that differ). */
export function profileImpairments(p: ProfileLike): Impairments {
  const gp = zero(both(p, "ge_p_percent"));
  const geOf = (i: 0 | 1): GilbertElliott => ({
    p: gp[i], r: zero(both(p, "ge_r_percent"))[i], bad: zero(both(p, "ge_loss_bad_percent"))[i],
    good: zero(both(p, "ge_loss_good_percent"))[i],
  });
  const packets = both(p, "queue_packets");
  const bytes = both(p, "queue_bytes");
  const codel = p.aqm === "codel";
  return {
    rateMbit: both(p, "rate_mbit"),
    delayMs: zero(both(p, "delay_ms")),
    jitterMs: zero(both(p, "jitter_ms")),
    jitterDist: p.jitter_distribution ?? null,
    reorder: !!p.reorder,
    lossPercent: zero(both(p, "loss_percent")),
    ge: gp[0] || gp[1] ? [geOf(0), geOf(1)] : null,
    duplicatePercent: zero(both(p, "duplicate_percent")),
    corruptPercent: zero(both(p, "corrupt_percent")),
    queuePackets: packets[0] || packets[1] ? zero(packets) : null,
    queueBytes: bytes[0] || bytes[1] ? zero(bytes) : null,
    aqm: codel ? "codel" : "drop-tail",
    codelTargetMs: codel ? num(p.codel_target_ms) ?? 5 : null,
    codelIntervalMs: codel ? num(p.codel_interval_ms) ?? 100 : null,
  };
}

function pair(v: unknown, scale = 1): PerDirection<number> | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  const a = num(v[0]);
  const b = num(v[v.length - 1]);
  if (a == null || b == null) return null;
  return [a * scale, b * scale];
}

/** "p,r,bad,good" (fractions) for both directions, or "a->b/b->a". */
function parseGe(v: unknown): PerDirection<GilbertElliott> | null {
  if (typeof v !== "string" || !v) return null;
  const dirs = v.split("/").map((d) => d.split(",").map((x) => Number(x) * 100));
  const ge = dirs.map(([p, r, bad, good]) => ({ p, r, bad, good: good ?? 0 }));
  if (ge.some((g) => ![g.p, g.r, g.bad, g.good].every(Number.isFinite))) return null;
  return [ge[0], ge[ge.length - 1]];
}

const nsToMs = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : num(v);
  return n != null && Number.isFinite(n) ? n / 1e6 : null;
};

/** The link process's parameters as a run recorded them (`link.wire.impairments`): per direction arrays, loss and
 * the like as fractions, times in µs or ns. */
export function wireImpairments(w: Record<string, unknown>): Impairments {
  const z: PerDirection<number> = [0, 0];
  const codel = w.aqm === "codel";
  const dist = typeof w.jitter_dist === "string" ? w.jitter_dist.replace(/^table:.*/, "table") : null;
  return {
    rateMbit: pair(w.rate_mbit) ?? [null, null],
    delayMs: pair(w.propagation_us, 1e-3) ?? z,
    jitterMs: pair(w.jitter_us, 1e-3) ?? z,
    jitterDist: dist,
    reorder: w.reorder === true,
    lossPercent: pair(w.loss, 100) ?? z,
    ge: parseGe(w.ge),
    duplicatePercent: pair(w.duplicate, 100) ?? z,
    corruptPercent: pair(w.corrupt, 100) ?? z,
    queuePackets: pair(w.queue_limit_packets),
    queueBytes: pair(w.queue_limit_bytes),
    aqm: codel ? "codel" : "drop-tail",
    codelTargetMs: codel ? nsToMs(w.codel_target_ns) : null,
    codelIntervalMs: codel ? nsToMs(w.codel_interval_ns) : null,
  };
}

/** What a run recorded of its link's impairments: the link process as it ran, else the profile as applied, else
 * nothing (runs from before impairments, or a link without emulation). */
export function runImpairments(link: Record<string, unknown> | null | undefined): Impairments | null {
  const wire = link?.wire as Record<string, unknown> | null | undefined;
  const imp = wire?.impairments;
  if (imp && typeof imp === "object") return wireImpairments(imp as Record<string, unknown>);
  const requested = link?.requested;
  if (requested && typeof requested === "object") return profileImpairments(requested as ProfileLike);
  return null;
}

// ---- readings ----

/** A number without float noise: 0.1 not 0.10000000000000002. */
export const clean = (x: number): string => String(Number(x.toPrecision(4)));

export function formatRate(mbit: number): string {
  if (mbit >= 1000) return `${clean(mbit / 1000)} Gbit/s`;
  if (mbit < 1) return `${clean(mbit * 1000)} kbit/s`;
  return `${clean(mbit)} Mbit/s`;
}

export function formatMs(ms: number): string {
  return ms < 1 ? `${clean(ms * 1000)} µs` : `${clean(ms)} ms`;
}

export function formatBytes(b: number): string {
  if (b >= 1e6) return `${clean(b / 1e6)} MB`;
  if (b >= 1e3) return `${clean(b / 1e3)} kB`;
  return `${b} B`;
}

const pct = (x: number) => `${clean(x)} %`;
const same = <T>(v: PerDirection<T>) => JSON.stringify(v[0]) === JSON.stringify(v[1]);

/** One value, or "a up · b down" when the directions differ (up: client -> server). */
function directional<T>(v: PerDirection<T>, fmt: (x: T) => string): string {
  return same(v) ? fmt(v[0]) : `${fmt(v[0])} up · ${fmt(v[1])} down`;
}

function rate(i: Impairments): string {
  return directional(i.rateMbit, (r) => (r == null ? "unshaped" : formatRate(r)));
}

function delay(i: Impairments, long: boolean): string | null {
  if (!i.delayMs[0] && !i.delayMs[1] && !i.jitterMs[0] && !i.jitterMs[1]) return null;
  const one = (d: number, j: number) => `${formatMs(d)}${j ? ` ± ${formatMs(j)}` : ""}`;
  const dirs: PerDirection<string> = [one(i.delayMs[0], i.jitterMs[0]), one(i.delayMs[1], i.jitterMs[1])];
  const jittery = i.jitterMs[0] || i.jitterMs[1];
  const how = jittery ? [i.jitterDist, i.reorder ? "may reorder" : long ? "in order" : null].filter(Boolean) : [];
  const tail = how.length ? ` (${how.join(", ")})` : "";
  return `${long ? "one-way delay " : ""}${directional(dirs, (s) => s)}${tail}`;
}

function loss(i: Impairments, long: boolean): string[] {
  const out: string[] = [];
  if (i.ge) {
    const ge = (g: GilbertElliott) =>
      long
        ? `bursty loss (Gilbert–Elliott): bad bursts of ${clean(100 / g.r)} packets on average, ${pct(g.bad)} lost in them` +
          `${g.good ? `, ${pct(g.good)} between them` : ""}; a burst every ${clean(100 / g.p)} packets on average`
        : `bursty loss ${pct(g.bad)} in bursts of ${clean(100 / g.r)}`;
    out.push(directional(i.ge, ge));
  }
  if (i.lossPercent[0] || i.lossPercent[1])
    out.push(`${long ? "random loss" : "loss"} ${directional(i.lossPercent, pct)}`);
  if (i.duplicatePercent[0] || i.duplicatePercent[1])
    out.push(`${long ? "duplicates" : "dup"} ${directional(i.duplicatePercent, pct)}`);
  if (i.corruptPercent[0] || i.corruptPercent[1])
    out.push(`${long ? "corrupts" : "corrupt"} ${directional(i.corruptPercent, pct)}`);
  return out;
}

function queue(i: Impairments, long: boolean): string | null {
  const aqm =
    i.aqm === "codel"
      ? `CoDel (target ${formatMs(i.codelTargetMs ?? 5)}, interval ${formatMs(i.codelIntervalMs ?? 100)})`
      : "drop-tail";
  let size: string;
  if (i.queuePackets) size = directional(i.queuePackets, (n) => `${n} packets`);
  else if (i.queueBytes) size = directional(i.queueBytes, formatBytes);
  else if (long) size = "the default (200 ms at the rate)";
  else return null;
  return `queue ${size} ${aqm}`;
}

/** A profile's impairments in full, for the launch form: rate, delay ± jitter, loss, duplication, corruption, queue. */
export function impairmentsLong(i: Impairments, wire: boolean): string[] {
  const out = [rate(i)];
  const d = delay(i, true);
  if (d) out.push(d);
  out.push(...loss(i, true));
  if (wire) {
    const q = queue(i, true);
    if (q) out.push(q);
  }
  return out;
}

/** The same, compact, for a run's link line: "100 Mbit/s · 30 ms ± 2 ms (normal) · loss 0.1 % · queue 1.25 MB drop-tail". */
export function impairmentsShort(i: Impairments): string[] {
  const out = [rate(i)];
  const d = delay(i, false);
  if (d) out.push(d);
  out.push(...loss(i, false));
  const q = queue(i, false);
  if (q) out.push(q);
  return out;
}
