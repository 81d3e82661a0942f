// Unit formatting. All latency values in the API are integer nanoseconds.

function trimNumber(v: number, decimals: number): string {
  return v.toFixed(decimals);
}

/** Decimals giving 3 significant digits (4 for values >= 100): 1.23, 12.3, 123.4 */
function decimalsFor(v: number): number {
  const a = Math.abs(v);
  if (a < 10) return 2;
  return 1;
}

/**
 * Formats a duration given in nanoseconds with an adaptive unit:
 * 850 → "850 ns", 12_345 → "12.3 µs", 1_234_567 → "1.23 ms", 2_500_000_000 → "2.50 s".
 */
export function formatNs(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || !Number.isFinite(ns)) return "—";
  const a = Math.abs(ns);
  // Round first so that e.g. 999.96 µs is shown as "1.00 ms" rather than "1000.0 µs".
  if (a < 999.5) return `${Math.round(ns)} ns`;
  if (a < 999_950) {
    const us = ns / 1e3;
    return `${trimNumber(us, decimalsFor(us))} µs`;
  }
  if (a < 999_950_000) {
    const ms = ns / 1e6;
    return `${trimNumber(ms, decimalsFor(ms))} ms`;
  }
  const s = ns / 1e9;
  return `${trimNumber(s, decimalsFor(s))} s`;
}

/** A change of duration with its sign: "+2.31 ms", "−214.5 µs", "0 ns". */
export function formatSignedNs(ns: number): string {
  if (!Number.isFinite(ns)) return "—";
  return `${ns > 0 ? "+" : ns < 0 ? "−" : ""}${formatNs(Math.abs(ns))}`;
}

/** A 95% interval of a mean as every table prints it: "12.3 µs – 329.4 µs". The ends are the backend's
 * (analysis.stats.mean_ci95), shown as they are: no view clips or recomputes them. */
export function formatCi(lowNs: number, highNs: number): string {
  return `${formatNs(lowNs)} – ${formatNs(highNs)}`;
}

/** Nanoseconds → microseconds number (for chart axes that are fixed in µs). */
export function nsToUs(ns: number): number {
  return ns / 1e3;
}

/** Formats a value already in microseconds with a precision adapted to its magnitude (no unit). */
export function formatUsValue(us: number): string {
  const a = Math.abs(us);
  if (a === 0) return "0";
  if (a < 1) return us.toFixed(3);
  if (a < 10) return us.toFixed(2);
  if (a < 1000) return us.toFixed(1);
  return Math.round(us).toLocaleString("en-US");
}

/** "64 B", "1.5 KiB", "1 MiB" (binary units; exact powers shown without decimals). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "—";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  if (i === 0) return `${Math.round(v)} B`;
  const s = Number.isInteger(v) ? String(v) : v < 10 ? v.toFixed(2) : v.toFixed(1);
  return `${s} ${units[i]}`;
}

/** A plain number with thousands separators and at most `decimals` decimals: 1542602.31 → "1,542,602.3". */
export function formatNumber(v: number | null | undefined, decimals = 1): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  return v.toLocaleString("en-US", { maximumFractionDigits: decimals });
}

/** Thousands separators: 1000000 → "1,000,000". */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  return Math.round(n).toLocaleString("en-US");
}

/**
 * Human duration from milliseconds: 850 → "850 ms", 12_300 → "12.3 s",
 * 125_000 → "2m 05s", 3_720_000 → "1h 02m".
 */
export function formatDurationMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  if (ms < 0) ms = 0;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;
  const totalS = Math.round(s);
  const h = Math.floor(totalS / 3600);
  const m = Math.floor((totalS % 3600) / 60);
  const sec = totalS % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, "0")}m`;
  return `${m}m ${String(sec).padStart(2, "0")}s`;
}

/** Duration between two ISO timestamps ("—" when the start is missing; end defaults to now). */
export function formatDurationBetween(
  startIso: string | null | undefined,
  endIso: string | null | undefined,
  now: number = Date.now(),
): string {
  if (!startIso) return "—";
  const start = Date.parse(startIso);
  const end = endIso ? Date.parse(endIso) : now;
  if (!Number.isFinite(start) || !Number.isFinite(end)) return "—";
  return formatDurationMs(end - start);
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago" (future times: "in 5 s"). */
export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "never";
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "—";
  const diffS = Math.round((now - t) / 1000);
  const a = Math.abs(diffS);
  let text: string;
  if (a < 2) return "just now";
  if (a < 60) text = `${a} s`;
  else if (a < 3600) text = `${Math.floor(a / 60)} min`;
  else if (a < 86400) text = `${Math.floor(a / 3600)} h`;
  else text = `${Math.floor(a / 86400)} d`;
  return diffS >= 0 ? `${text} ago` : `in ${text}`;
}

/** Local date-time "2024-05-01 14:03:22" for tables (stable, sortable, locale-independent). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(
    d.getMinutes(),
  )}:${p(d.getSeconds())}`;
}

/** "42.0 %" */
export function formatPercent(done: number, total: number): string {
  if (!total || total <= 0) return "0 %";
  const pct = Math.min(100, Math.max(0, (done / total) * 100));
  return `${pct < 10 && pct > 0 ? pct.toFixed(1) : Math.floor(pct)} %`;
}

/** A signed percentage with one decimal ("+4.2 %", "-0.3 %"), or "—" when there is none (e.g. no measurement). */
export function formatSignedPct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "—" : `${v >= 0 ? "+" : ""}${v.toFixed(1)} %`;
}
