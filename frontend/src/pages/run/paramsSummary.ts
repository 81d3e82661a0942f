/** What a run's header says about its parameters, per kind: rpc sweeps show their lists, stream and flows
 * their own fields (the API sends each kind's params as they are). */
import { formatBytes, formatCount } from "../../format";

export interface ParamRow {
  label: string;
  value: string;
  note?: string;
}

type Params = Record<string, unknown>;
const n = (v: unknown) => (typeof v === "number" ? v : undefined);

/** Distinct values in first-seen order, formatted and joined; long lists shortened to first … last. */
function listOf(values: unknown[], fmt: (v: never) => string): string {
  const seen = [...new Set(values)];
  if (seen.length === 0) return "—";
  const shown = seen.length > 6 ? [seen[0], "…", seen[seen.length - 1]] : seen;
  return shown.map((v) => (v === "…" ? "…" : fmt(v as never))).join(", ");
}

function thinkText(us: number): string {
  return us === 0 ? "none" : us >= 1000 ? `${us / 1000} ms` : `${us} µs`;
}

export function paramRows(kind: string, p: Params): ParamRow[] {
  const transport = { label: "Transport", value: String(p.transport ?? "—").toUpperCase() };
  const calls = (per = "") => ({
    label: "Calls",
    value: `${formatCount(n(p.calls))}${per}`,
    note: `+ ${formatCount(n(p.warmup_calls) ?? 0)} warm-up`,
  });
  if (kind === "rpc") {
    const pts = Array.isArray(p.points) ? (p.points as Params[]) : [];
    const col = (k: string) => pts.map((pt) => pt[k]);
    return [
      transport,
      { label: "Procedure", value: String(p.procedure ?? "—") },
      { label: "Request sizes", value: listOf(col("request_bytes"), (v: number) => formatBytes(v)) },
      { label: "Threads", value: listOf(col("threads"), (v: number) => String(v)) },
      { label: "Think time", value: listOf(col("think_time_us"), (v: number) => thinkText(v)) },
      { label: "Protection / cache", value: `${listOf(col("protection"), String)} / ${listOf(col("cache"), String)}` },
      { label: "Points", value: formatCount(pts.length) },
      calls(" per thread"),
    ];
  }
  if (kind === "stream") {
    return [
      transport,
      { label: "Message", value: formatBytes(n(p.message_bytes)) },
      { label: "Duration", value: `${n(p.duration_s) ?? "—"} s`, note: `intervals of ${n(p.interval_ms) ?? "—"} ms` },
    ];
  }
  const rows: ParamRow[] = [
    transport,
    { label: "Request / response", value: `${formatBytes(n(p.request_bytes))} / ${formatBytes(n(p.response_bytes))}` },
  ];
  if (kind === "flows") rows.push({ label: "Control flows", value: `${formatCount(n(p.flows))} ${String(p.mode ?? "")}` });
  rows.push(calls(kind === "flows" ? " per flow" : ""));
  return rows;
}
