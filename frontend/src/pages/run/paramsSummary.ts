/** What a run's header says about its parameters: its kind's own rows (src/kinds/<kind>.ts paramRows). */
import { kindUnit } from "../../kinds";
import type { ParamRow } from "../../kinds/types";

export type { ParamRow } from "../../kinds/types";

export const paramRows = (kind: string, p: Record<string, unknown>): ParamRow[] => kindUnit(kind).paramRows(p);
