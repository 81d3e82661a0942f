// The runs history's state lives in the URL (?status=done&status=failed&kind=pingpong&agent=2&from=2026-11-01
// &to=2026-11-21&q=fig3&launched_by=alice&link=lan-1g&sort=name&order=asc&page=2) so a filtered view can be linked and the back button works.
import type { ListRunsQuery } from "../../api/client";
import { RUN_STATUSES, type Kind, type RunStatus } from "../../api/types";

export const PAGE_SIZE = 25;
export const SORT_KEYS = ["created_at", "id", "name", "status", "kind", "calls"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface HistoryState {
  status: RunStatus[];
  kind: string;
  agent: number | null;
  from: string; // yyyy-mm-dd, inclusive
  to: string; // yyyy-mm-dd, inclusive (the API's bound is exclusive: the next day is sent)
  q: string;
  launchedBy: string; // a user's exact name ("" = anyone)
  link: string; // the link profile the runs recorded ("" = any)
  sort: SortKey;
  order: "asc" | "desc";
  page: number;
}

export const DEFAULT_STATE: HistoryState = {
  status: [], kind: "", agent: null, from: "", to: "", q: "", launchedBy: "", link: "", sort: "created_at", order: "desc", page: 1,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(s: string | null): string {
  return s && DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) ? s : "";
}

/** Reads the state from the query string; anything unknown or malformed falls back to the default. */
export function parseHistory(params: URLSearchParams): HistoryState {
  const status = params.getAll("status").filter((s): s is RunStatus => (RUN_STATUSES as string[]).includes(s));
  const agentNum = Number(params.get("agent"));
  const sort = params.get("sort");
  const order = params.get("order");
  const p = Number(params.get("page") ?? "1");
  return {
    status: [...new Set(status)],
    kind: (params.get("kind") ?? "").trim(),
    agent: Number.isInteger(agentNum) && agentNum > 0 ? agentNum : null,
    from: validDate(params.get("from")),
    to: validDate(params.get("to")),
    q: params.get("q") ?? "",
    launchedBy: (params.get("launched_by") ?? "").trim(),
    link: (params.get("link") ?? "").trim(),
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? "") ? (sort as SortKey) : "created_at",
    order: order === "asc" ? "asc" : "desc",
    page: Number.isInteger(p) && p >= 1 ? p : 1,
  };
}

/** The query string for a state, defaults left out (so the plain /runs stays plain). */
export function historyParams(s: HistoryState): URLSearchParams {
  const p = new URLSearchParams();
  for (const st of s.status) p.append("status", st);
  if (s.kind) p.set("kind", s.kind);
  if (s.agent !== null) p.set("agent", String(s.agent));
  if (s.from) p.set("from", s.from);
  if (s.to) p.set("to", s.to);
  if (s.q) p.set("q", s.q);
  if (s.launchedBy) p.set("launched_by", s.launchedBy);
  if (s.link) p.set("link", s.link);
  if (s.sort !== "created_at") p.set("sort", s.sort);
  if (s.order !== "desc") p.set("order", s.order);
  if (s.page > 1) p.set("page", String(s.page));
  return p;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Local calendar day → the UTC instant it starts at, for the API's created_from / created_to. */
function localDayStart(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(y, m - 1, d).toISOString();
}

export function apiQuery(s: HistoryState): ListRunsQuery {
  return {
    status: s.status,
    kind: s.kind ? [s.kind as Kind] : [], // the Kind filter offers the kind table's names only
    agent: s.agent !== null ? [s.agent] : [],
    created_from: s.from ? localDayStart(s.from) : undefined,
    created_to: s.to ? localDayStart(nextDay(s.to)) : undefined,
    q: s.q.trim() || undefined,
    launched_by: s.launchedBy ? [s.launchedBy] : undefined,
    link: s.link ? [s.link] : undefined,
    sort: s.sort,
    order: s.order,
    limit: PAGE_SIZE,
    offset: (s.page - 1) * PAGE_SIZE,
  };
}

/** A date range the API would refuse, said before asking it. */
export function dateRangeError(s: HistoryState): string | null {
  return s.from && s.to && s.to < s.from ? `"to" (${s.to}) must not be before "from" (${s.from})` : null;
}

/** Clicking a column: a new column sorts descending first (newest, largest), the same column flips. */
export function toggleSort(s: HistoryState, key: SortKey): HistoryState {
  const order = s.sort === key ? (s.order === "desc" ? "asc" : "desc") : key === "name" ? "asc" : "desc";
  return { ...s, sort: key, order, page: 1 };
}

export function rangeText(offset: number, count: number, total: number): string {
  const f = (n: number) => n.toLocaleString("en-US");
  if (total === 0 || count === 0) return `0 of ${f(total)}`;
  return `${f(offset + 1)}–${f(offset + count)} of ${f(total)}`;
}
