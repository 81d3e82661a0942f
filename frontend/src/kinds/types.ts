// What an experiment kind is to the UI: one unit per kind (src/kinds/<kind>.ts) holds its launch form (fields,
// checks, API body, the form back from a run), how a run of it is summarised and its points named, and which
// figures apply. The pages ask the unit (kindUnit(run.kind)) instead of testing the kind's name.
import type { ComponentType } from "react";
import type { AnyRunCreate, Kind, Run, Transport } from "../api/types";
import type { PointParams } from "../figures/figurePoints";
import type { KindFieldsProps } from "../pages/launch/fields";
import type { LaunchErrors, LaunchForm } from "../pages/launch/form";

export type { Kind } from "../api/types";

/** A run's params as the API stores them for its kind. */
export type Params = Record<string, unknown>;

/** One line of a run's parameter summary (the run page's header). */
export interface ParamRow {
  label: string;
  value: string;
  note?: string;
}

/** What the launch form sends with every kind: the agents (first in a body), name and tags (after its own fields). */
export interface CommonBody {
  agents: { client_agent_id: number; server_agent_id: number };
  named: { name?: string; tags?: string[] };
}

/** What the report's "what was measured" sentence says for every kind, in words already. */
export interface SentenceParts {
  transport: string; // "TCP"
  who: string; // "from a to b"
  link: string; // " on link wan-50ms", or ""
  warmup: string; // "10"
  calls: string; // "1,000 calls after 10 warm-up"
}

export interface KindUnit {
  kind: Kind;
  label: string; // the kind picker's words
  what: string; // the picker's hint
  transports: Transport[]; // the first is the kind's default
  transportHint: (transport: Transport) => string;

  // the launch form: the shared sections it shows, then its own fields
  linkProfile: boolean; // runs over an emulated link profile (a link experiment)
  sizes: boolean; // request and response sizes
  callsLabel: string | null; // null: the kind runs for a duration, not a number of calls
  Fields?: ComponentType<KindFieldsProps>; // its own fields, after the shared row
  MoreFields?: ComponentType<KindFieldsProps>; // after the calls: arrivals, precision
  validate: (form: LaunchForm, errors: LaunchErrors) => void;
  body: (form: LaunchForm, common: CommonBody) => AnyRunCreate;
  formFromParams: (params: Params, base: LaunchForm) => Partial<LaunchForm>;
  /** The form field a backend error on `backendField` belongs to, where it is not the field of that name. */
  formField?: (backendField: string) => keyof LaunchErrors | undefined;
  pointCount: (form: LaunchForm) => number;
  basePoints: (form: LaunchForm) => number; // points the backend adds at launch
  rounds: (form: LaunchForm) => number; // rounds a point may run
  work: (form: LaunchForm, rounds: number) => { calls: number } | { seconds: number };

  // a run of the kind
  callsPer: string; // "per flow": what a run's `calls` counts
  sweeps: boolean; // its params list points (params.points), one per combination of the sweeps
  paramRows: (p: Params) => ParamRow[];
  sizesText: (p: Params) => string; // the Runs list's sizes cell
  points: (p: Params) => PointParams[]; // the run's points, read from its params
  sentence: (p: Params, points: PointParams[], words: SentenceParts) => string;
  figures: { model: boolean; slowStart: boolean }; // the case study's model; the slow-start column (RPC packets)
}

export type RunOfKind = Pick<Run, "kind" | "params">;
