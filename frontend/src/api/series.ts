// Series of comparable runs, their trends and baselines, and two runs' environment differences (GET /api/series…,
// GET /api/runs/{id}/environment-diff; docs/protocol.md "Series, baselines and checks").
import { requestJson } from "./http";
import type { components } from "./schema.generated";

type Schemas = components["schemas"];
export type Series = Schemas["SeriesOut"];
export type SeriesPage = Schemas["SeriesPage"];
export type SeriesRun = Schemas["SeriesRun"];
export type Trend = Schemas["TrendOut"];
export type TrendRun = Schemas["TrendRun"];
export type TrendPoint = Schemas["TrendPoint"];
export type ChangePoint = Schemas["ChangePoint"];
export type MovedStep = Schemas["MovedStep"];
export type EnvironmentDiff = Schemas["EnvironmentDiffOut"];
export type EnvironmentDifference = Schemas["EnvironmentDifference"];

export const seriesPath = (key: string) => `/series/${key}`;

export function listSeries(limit = 200, offset = 0): Promise<SeriesPage> {
  return requestJson<SeriesPage>(`/api/series?limit=${limit}&offset=${offset}`);
}

export function getSeries(key: string): Promise<Series> {
  return requestJson<Series>(`/api/series/${key}`);
}

/** The series' runs, oldest first (every status: the trend holds only the done, analysed ones). */
export function getSeriesRuns(key: string): Promise<SeriesRun[]> {
  return requestJson<SeriesRun[]>(`/api/series/${key}/runs?limit=2000`);
}

export function getSeriesTrend(key: string): Promise<Trend> {
  return requestJson<Trend>(`/api/series/${key}/trend`);
}

/** Operators and admins: the run later runs of the series are checked against, or the range of its done runs from
 * runId through throughRunId (their spread is then the checks' noise). */
export function setSeriesBaseline(key: string, runId: number, throughRunId: number | null = null): Promise<Series> {
  return requestJson<Series>(`/api/series/${key}/baseline`, {
    method: "PUT", body: JSON.stringify({ run_id: runId, through_run_id: throughRunId }),
  });
}

/** Where run `runId`'s environment differs from run `against`'s: `a` is against's value, `b` runId's. */
export function getEnvironmentDiff(runId: number | string, against: number | string): Promise<EnvironmentDiff> {
  return requestJson<EnvironmentDiff>(`/api/runs/${runId}/environment-diff?against=${against}`);
}
