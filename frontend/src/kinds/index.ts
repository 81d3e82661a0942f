// The experiment kinds the UI knows, one unit each (./types.ts says what a unit holds). Adding a kind: its file
// here and a line in KINDS (docs/development.md, "Add an experiment kind").
import type { PointParams } from "../figures/figurePoints";
import { flows } from "./flows";
import { pingpong } from "./pingpong";
import { rpc } from "./rpc";
import { stream } from "./stream";
import type { Kind, KindUnit, Params, RunOfKind } from "./types";

export type { Kind, KindUnit } from "./types";

/** Every kind, in the kind picker's order. */
export const KINDS: KindUnit[] = [pingpong, rpc, stream, flows];

const BY_NAME = new Map<string, KindUnit>(KINDS.map((k) => [k.kind, k]));

export const isKind = (name: string): name is Kind => BY_NAME.has(name);

/** The unit of a kind by name; a name this UI does not know reads as a ping-pong (a run from a newer backend still
 * shows its params, as one point). */
export function kindUnit(name: string | undefined): KindUnit {
  return BY_NAME.get(name ?? "pingpong") ?? pingpong;
}

/** The run's points: the ones its params list (a sweep's), else its kind's one point read from its params. */
export function runPoints(run: RunOfKind | undefined): PointParams[] {
  const params = (run?.params ?? {}) as unknown as Params;
  if (Array.isArray(params.points)) return params.points as PointParams[];
  return run ? kindUnit(run.kind).points(params) : [];
}
