// Model vs measured with the call-handle cache policy as its own dimension (the case study's threads × think
// time under both policies): rows are grouped by call kind without the policy, and keyed, tabled (table2.ts) and
// drawn (figure2.ts) per policy.
import type { ModelRow } from "../../api/figures";

/** A model row with the point it measured (the backend adds point_no and base_point_no to each row). */
export type PointRow = ModelRow & { point_no?: number; base_point_no?: number };

export interface PolicyRow extends PointRow {
  policy: string;
  group: string;
  key: string; // policy|threads|think
}

/** What a row's point was launched with (a run's params.points entry). */
export interface PolicyParams {
  point_no: number;
  request_bytes?: number;
  protection?: string;
  cache?: string;
}

export const DEFAULT_POLICY = "per-thread";

export const policyKey = (policy: string, threads: number, think: number) => `${policy}|${threads}|${think}`;

/** Each row with its cache policy and call kind without the policy (from its point's params; the label's last
 * word when the point is unknown, as the backend names a non-default policy there). */
export function withPolicy(rows: PointRow[], params: PolicyParams[]): PolicyRow[] {
  return rows.map((r) => {
    const p = params.find((q) => q.point_no === r.point_no);
    let policy = p?.cache ?? DEFAULT_POLICY;
    let group = r.label;
    if (p) {
      group = `${p.request_bytes ?? parseFloat(r.label)} B${p.protection && p.protection !== "none" ? ` ${p.protection}` : ""}`;
    } else if (/ single$/.test(r.label) || /, single$/.test(r.label)) {
      policy = "single";
      group = r.label.replace(/,? single$/, "");
    }
    return { ...r, policy, group, key: policyKey(policy, r.threads, r.think) };
  });
}

/** Call kinds (without the policy) in order of size. */
export function groups(rows: PolicyRow[]): string[] {
  return [...new Set(rows.map((r) => r.group))].sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b));
}

/** Policies present, the default first. */
export function policies(rows: PolicyRow[]): string[] {
  return [...new Set(rows.map((r) => r.policy))].sort((a, b) => Number(b === DEFAULT_POLICY) - Number(a === DEFAULT_POLICY) || a.localeCompare(b));
}

/** Why a call kind cannot be drawn, or null. */
export function groupReason(rows: PolicyRow[], group: string): string | null {
  const mine = rows.filter((r) => r.group === group);
  if (mine.length === 0) return "no point has complete calls";
  if (new Set(mine.map((r) => r.think)).size < 2) return "one think time only: sweep think times to draw RTT over think time";
  return null;
}
