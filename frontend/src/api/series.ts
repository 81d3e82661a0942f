// Series of comparable runs, their trends and baselines, and two runs' environment differences (GET /api/series…,
// GET /api/runs/{id}/environment-diff; docs/protocol.md "Series, baselines and checks").
import { GET, PUT } from "./call";
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

export const listSeries = (limit = 200, offset = 0): Promise<SeriesPage> => GET("/api/series", { query: { limit, offset } });

export const getSeries = (key: string): Promise<Series> => GET("/api/series/{key}", { path: { key } });

/** The series' runs, oldest first (every status: the trend holds only the done, analysed ones). */
export const getSeriesRuns = (key: string): Promise<SeriesRun[]> =>
  GET("/api/series/{key}/runs", { path: { key }, query: { limit: 2000 } });

export const getSeriesTrend = (key: string): Promise<Trend> => GET("/api/series/{key}/trend", { path: { key } });

/** Operators and admins: the run later runs of the series are checked against, or the range of its done runs from
 * runId through throughRunId (their spread is then the checks' noise). */
export const setSeriesBaseline = (key: string, runId: number, throughRunId: number | null = null): Promise<Series> =>
  PUT("/api/series/{key}/baseline", { path: { key }, body: { run_id: runId, through_run_id: throughRunId } });

/** Where run `runId`'s environment differs from run `against`'s: `a` is against's value, `b` runId's. */
export const getEnvironmentDiff = (runId: number | string, against: number | string): Promise<EnvironmentDiff> =>
  GET("/api/runs/{run_id}/environment-diff", { path: { run_id: Number(runId) }, query: { against: Number(against) } });
