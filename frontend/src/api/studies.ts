// Studies across runs (GET /api/studies/...): the ECS paper's RPC vs sockets on LAN and WAN.
import { GET } from "./call";
import type { components } from "./schema.generated";

type Schemas = components["schemas"];
export type StudyRow = Schemas["StudyRow"];
export type Crossover = Schemas["Crossover"];
export type RpcVsSockets = Schemas["RpcVsSockets"];

export const RPC_VS_SOCKETS_PATH = "/studies/rpc-vs-sockets";

/** The study's rows (mean RTT of later calls per run, size and thread count) and each link's crossover. */
export const getRpcVsSockets = (runIds: number[], signal?: AbortSignal): Promise<RpcVsSockets> =>
  GET("/api/studies/rpc-vs-sockets", { query: { runs: runIds.join(",") }, signal });

/** Run ids from "1, 2 3,4" (a URL's or a user's list); anything not a positive integer is dropped. */
export function parseRunIds(text: string | null | undefined): number[] {
  return (text ?? "")
    .split(/[\s,]+/)
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The study page of these runs. */
export function studyUrl(runIds: number[]): string {
  return `${RPC_VS_SOCKETS_PATH}?runs=${runIds.join(",")}`;
}
