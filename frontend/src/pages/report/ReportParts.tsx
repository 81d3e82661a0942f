// The pieces every printed report is built of: the print frame and its readiness flag, the numbered contents, sections,
// and the parameter, agent, quality, link and notes tables.
import { useEffect, type ReactNode } from "react";
import type { Run } from "../../api/types";
import { formatCount, formatDateTime, formatDurationBetween, formatNs } from "../../format";
import { paramRows } from "./reportParams";
import { preloadLatinFonts } from "./reportFonts";
import type {
  ClockAlignment,
  ClockAnalysis,
  ClockExchange,
  ProbeCost,
  ReportAgent,
  ReportData,
  ReportNote,
} from "./api";

export interface TocEntry {
  id: string;
  title: string;
  level?: number; // 2: a part of the appendix, indented under it
}

/**
 * The page frame every report shares: white print layout without the app's top bar, and the readiness flag the
 * PDF printer waits for (`data-report-state`) before its one print.
 */
export function ReportFrame({
  state,
  error,
  paper,
  children,
}: {
  state: "loading" | "ready" | "error";
  error?: string | null;
  paper: string;
  children: ReactNode;
}) {
  useEffect(() => {
    preloadLatinFonts(); // the fonts download while the data loads, not after the first render
    document.body.classList.add("report-mode");
    return () => document.body.classList.remove("report-mode");
  }, []);
  return (
    <div className={`report report-${paper}`} data-report-state={state}>
      {error && (
        <div className="report-error" data-report-error>
          {error}
        </div>
      )}
      {children}
    </div>
  );
}

/**
 * The contents (at the top of page 2: the summary or cover is page 1): each numbered section as a link. No page
 * numbers: they would take the printer a second pass; the PDF's bookmarks give each section's page.
 */
export function Contents({ entries }: { entries: TocEntry[] }) {
  return (
    <nav className="report-toc report-page-break" data-toc-page="2">
      <h2>Contents</h2>
      <ol>
        {entries.map((e) => (
          <li key={e.id} className={e.level === 2 ? "toc-sub" : undefined}>
            <a href={`#${e.id}`}>{e.title}</a>
          </li>
        ))}
      </ol>
      <p className="muted small">Each title links to its section; the PDF's bookmarks list every section with its page.</p>
    </nav>
  );
}

/** "section 5" (the entry's number: 5, A.3), linked to it; a reference from one part of a report to another. */
export function SectionRef({ entries, id }: { entries: TocEntry[]; id: string }) {
  const title = entries.find((e) => e.id === id)?.title ?? "";
  return <a href={`#${id}`}>section {title.split(" ")[0].replace(/\.$/, "")}</a>;
}

/** A numbered section; its id and title become the PDF's bookmark to it. */
export function ReportSection({
  entry,
  children,
  breakBefore,
}: {
  entry: TocEntry;
  children: ReactNode;
  breakBefore?: boolean;
}) {
  return (
    <section
      className={`report-section${breakBefore ? " report-page-break" : ""}`}
      id={entry.id}
      data-toc-id={entry.id}
      data-toc-title={entry.title}
      data-toc-level={entry.level ?? 1}
    >
      {entry.level === 2 ? <h3 className="report-subhead">{entry.title}</h3> : <h2>{entry.title}</h2>}
      {children}
    </section>
  );
}

/** Numbers the sections in order: "1. Title", "2. Title" … */
export function numbered(items: [string, string][]): TocEntry[] {
  return items.map(([id, title], i) => ({ id, title: `${i + 1}. ${title}` }));
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th>{label}</th>
      <td>{children}</td>
    </tr>
  );
}

export function ParamsTable({ run }: { run: Run }) {
  return (
    <table className="report-kv">
      <tbody>
        <Row label="Kind">{run.kind}</Row>
        <Row label="Calls">
          {formatCount(run.calls_done)} of {formatCount(run.calls_total)} recorded
        </Row>
        <Row label="Created">{formatDateTime(run.created_at)}</Row>
        <Row label="Started">{formatDateTime(run.started_at)}</Row>
        <Row label="Finished">{formatDateTime(run.finished_at)}</Row>
        <Row label="Duration">
          {run.started_at ? formatDurationBetween(run.started_at, run.finished_at, Date.now()) : "—"}
        </Row>
        {run.tags.length > 0 && <Row label="Tags">{run.tags.join(", ")}</Row>}
        {paramRows(run).map((p) => (
          <Row key={p.label} label={p.label}>
            {p.value}
          </Row>
        ))}
      </tbody>
    </table>
  );
}

/** Nested capabilities flattened to dotted keys (net.client.mtu: 1500), lists joined. */
function flatten(obj: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) return [[key, v.map((x) => (x && typeof x === "object" ? flatten(x as Record<string, unknown>).map(([k2, v2]) => `${k2} ${v2}`).join(", ") : String(x))).join("; ")]];
    if (v && typeof v === "object") return flatten(v as Record<string, unknown>, key);
    return [[key, String(v)]];
  });
}

function kv(obj: Record<string, unknown>): string {
  const parts = flatten(obj).map(([k, v]) => `${k}: ${v}`);
  return parts.length ? parts.join(" · ") : "not reported";
}

/** Capabilities in short: what the agent can do (nested details such as the machine are in the environment). */
function topLevel(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => Array.isArray(v) || typeof v !== "object" || v === null));
}

export function AgentsTable({ agents }: { agents: ReportAgent[] }) {
  return (
    <table className="report-table" data-testid="report-agents">
      <thead>
        <tr>
          <th>Role</th>
          <th>Agent</th>
          <th>Host / address</th>
          <th>Version</th>
          <th>Machine and environment</th>
          <th>Capabilities</th>
        </tr>
      </thead>
      <tbody>
        {agents.map((a) => (
          <tr key={a.role}>
            <td>{a.role}</td>
            <td className="strong">{a.name}</td>
            <td>
              {a.host} <span className="muted">/ {a.address}</span>
            </td>
            <td className="mono">{a.version}</td>
            <td>{kv(a.environment)}</td>
            <td className="small">{kv(topLevel(a.capabilities))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const METHOD: Record<ClockAlignment["method"], string> = {
  "same-host": "same host, one clock",
  fitted: "fitted (the clock analysis)",
  unknown: "unknown",
};

function probeText(a: ReportAgent, probe: ProbeCost | null): string {
  if (probe)
    return (
      `${formatNs(probe.probe_ns)} per step probe (two clock reads and the record; one read ` +
      `${formatNs(probe.clock_read_ns)}, source ${probe.source}), measured by ${a.name}`
    );
  if (a.probe_cost_ns !== null) return `${formatNs(a.probe_cost_ns)} per timestamp pair, reported by ${a.name}`;
  return `not reported by ${a.name} (agent ${a.version}): nothing subtracted on this side`;
}

function clockAnalysisText(c: ClockAnalysis | null): string {
  if (!c) return "not computed for this run";
  if (!c.available) return `not available: ${c.reason ?? c.error ?? "no reason stored"}`;
  const fit = (offset: number | undefined, ppm: number | undefined) =>
    `offset ${formatNs(offset)}, drift ${(ppm ?? 0).toFixed(2)} ppm, error bound ` +
    `± ${formatNs(c.error_bound_ns)} (${formatCount(c.calls ?? 0)} calls, ${c.buckets ?? 0} buckets` +
    `${c.dropped_buckets ? `, ${c.dropped_buckets} dropped as stalls` : ""})`;
  // one clock: offset and drift are 0 as on the Agents page and the round-trip path; the fit is the method's error
  return c.same_clock
    ? `one clock (same host), not applied: offset 0, drift 0; the fit's own error: ${fit(c.fit_offset_ns ?? c.offset_ns, c.fit_drift_ppm ?? c.drift_ppm)}`
    : fit(c.offset_ns, c.drift_ppm);
}

function clockExchangeText(x: ClockExchange | null): string {
  if (!x) return "no clock exchange reported for this run";
  const end =
    x.offset_end_ns !== null ? `, at the end ${formatNs(x.offset_end_ns)} (± ${formatNs((x.delay_end_ns ?? 0) / 2)})` : "";
  const drift = x.drift_ppm !== null ? `, drift ${x.drift_ppm.toFixed(2)} ppm` : "";
  return `${x.rounds} rounds: offset at the start ${formatNs(x.offset_start_ns)} (± ${formatNs(x.delay_start_ns / 2)})${end}${drift}`;
}

/** Probe cost of both sides and how well the two clocks line up: the numbers every step time depends on. */
export function QualityTable({ data }: { data: ReportData }) {
  const clock = data.clock;
  return (
    <table className="report-kv" data-testid="report-quality">
      <tbody>
        {data.agents.map((a) => (
          <Row key={a.role} label={`Probe cost (${a.role})`}>
            {probeText(a, data.probe?.[a.role] ?? null)}
          </Row>
        ))}
        <Row label="Clock alignment (analysis)">{clockAnalysisText(data.clock_analysis ?? null)}</Row>
        <Row label="Clock exchange">{clockExchangeText(data.clock_exchange ?? null)}</Row>
        <Row label="Trace time line">
          {METHOD[clock.method]}: {clock.note}
        </Row>
      </tbody>
    </table>
  );
}

function scalars(obj: unknown): string {
  if (!obj || typeof obj !== "object") return "—";
  const parts = Object.entries(obj as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => `${k}: ${String(v)}`);
  return parts.length ? parts.join(" · ") : "—";
}

/** The link profile the run used, what was asked of it and what was measured at launch (runs.link). */
export function LinkTable({ link }: { link: Record<string, unknown> }) {
  if (!link || !link.profile) return <p className="muted">No link profile recorded (a run from before link profiles).</p>;
  const measured = Object.fromEntries(
    ["mtu", "rate_mbit", "delay_ms", "rtt_us_min", "rtt_us_median", "probes_lost"]
      .filter((k) => link[k] !== undefined && link[k] !== null)
      .map((k) => [k, link[k]]),
  );
  const paths = (link.paths ?? {}) as Record<string, unknown>;
  return (
    <table className="report-kv" data-testid="report-link">
      <tbody>
        <Row label="Profile">
          {String(link.profile)}
          {link.emulated ? " (emulated link between the lab's namespaces)" : " (the agents' own network, not shaped)"}
          {link.shared_with_run ? ` · shaped by run ${String(link.shared_with_run)}` : ""}
        </Row>
        {link.requested !== undefined && <Row label="Requested">{scalars(link.requested)}</Row>}
        {Object.keys(measured).length > 0 && <Row label="Measured at launch">{scalars(measured)}</Row>}
        {Object.entries(paths).map(([role, p]) => (
          <Row key={role} label={`Network (${role})`}>
            {scalars((p as { advertised?: unknown } | null)?.advertised ?? p)}
          </Row>
        ))}
      </tbody>
    </table>
  );
}

export function NotesList({ notes }: { notes: ReportNote[] }) {
  if (notes.length === 0) return <p>No anomalies noted: no errors, no heavy tail, first call within bounds.</p>;
  return (
    <ul className="report-notes" data-testid="report-notes">
      {notes.map((n, i) => (
        <li key={i} className={`note note-${n.kind}`}>
          <span className="note-kind">{n.kind}</span> {n.text}
        </li>
      ))}
    </ul>
  );
}
