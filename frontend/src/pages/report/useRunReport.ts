import { useEffect, useState } from "react";
import { errorMessage, getRun, getRunCalls, getRunSummary } from "../../api/client";
import type { Run, RunCalls, RunSummary } from "../../api/types";
import { getReportData, getTableJson, type ReportData, type TableJson } from "./api";

/** Tables the report shows from the export registry (calls and steps are far too long to print). */
export const REPORT_TABLES = ["points", "rtp", "model"];

export interface RunReport {
  run: Run;
  summary: RunSummary;
  calls: RunCalls;
  data: ReportData;
  tables: Record<string, TableJson>;
}

export async function loadRunReport(id: string): Promise<RunReport> {
  const [run, summary, calls, data] = await Promise.all([
    getRun(id),
    getRunSummary(id),
    getRunCalls(id, 20000),
    getReportData(id),
  ]);
  const wanted = data.tables.filter((t) => t.available && REPORT_TABLES.includes(t.name));
  const loaded = await Promise.all(wanted.map((t) => getTableJson(id, t.name)));
  return { run, summary, calls, data, tables: Object.fromEntries(loaded.map((t) => [t.name, t])) };
}

/** Loads every run in `ids` for a report; `error` names what failed. */
export function useRunReports(ids: string[]) {
  const [reports, setReports] = useState<RunReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = ids.join(",");
  useEffect(() => {
    let alive = true;
    setReports(null);
    setError(null);
    Promise.all(ids.map(loadRunReport))
      .then((r) => alive && setReports(r))
      .catch((e) => alive && setError(errorMessage(e)));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { reports, error };
}
