// Everything a report prints of a run, loaded at once: run, summary, calls, report data, tables and the figures' data.
import { useEffect, useState } from "react";
import { ApiError, errorMessage, getRun, getRunCalls, getRunSummary } from "../../api/client";
import type { Run, RunCalls, RunSummary } from "../../api/types";
import { getReportData, getTableJson, type ReportData, type TableJson } from "./api";
import { loadReportFigures, type ReportFigures } from "./figureData";


export interface RunReport {
  run: Run;
  summary: RunSummary;
  calls: RunCalls;
  data: ReportData;
  tables: Record<string, TableJson>;
  /** the data of the run page's figure tabs (figureData.ts): loaded before the report says "ready" */
  figures: ReportFigures;
}

/** A table, or null when the run does not have it (409: the analysis is not computed for this run). */
async function optionalTable(id: string, name: string): Promise<TableJson | null> {
  try {
    return await getTableJson(id, name);
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return null;
    throw e;
  }
}

/** Registry tables the report loads: the points' warm-up and error counts (the analyses give the rest). */
export const REPORT_TABLES = ["points"];

export interface ReportOptions {
  timeline: boolean;
  /** registry tables to load (table.json): the run report's by default, the comparison report more */
  tables?: string[];
}

export async function loadRunReport(id: string, opts: ReportOptions = { timeline: true }): Promise<RunReport> {
  // all at once: the report is printed as soon as the slowest of them answers (the figures need the run's params)
  const [[run, figures], summary, calls, data, ...tables] = await Promise.all([
    getRun(id).then(async (run) => [run, await loadReportFigures(run, opts)] as const),
    getRunSummary(id),
    getRunCalls(id, 20000),
    getReportData(id),
    ...(opts.tables ?? REPORT_TABLES).map((name) => optionalTable(id, name)),
  ]);
  const present = tables.filter((t): t is TableJson => t !== null);
  return { run, summary, calls, data, figures, tables: Object.fromEntries(present.map((t) => [t.name, t])) };
}

/** Loads every run in `ids` for a report; `error` names what failed. */
export function useRunReports(ids: string[], opts: ReportOptions = { timeline: true }) {
  const [reports, setReports] = useState<RunReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = ids.join(",");
  useEffect(() => {
    let alive = true;
    setReports(null);
    setError(null);
    Promise.all(ids.map((id) => loadRunReport(id, opts)))
      .then((r) => alive && setReports(r))
      .catch((e) => alive && setError(errorMessage(e)));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { reports, error };
}
