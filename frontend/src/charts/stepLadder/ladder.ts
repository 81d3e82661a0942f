// Pure layout of the step ladder (DCE RPC paper, Figures 1 and 2): which steps, in which order, which are off
// the round trip path, and which loops the large-data calls run.
import type { RtpPoint, StepStat, StepStatsPoint } from "../../api/analyses";
import { STEPS } from "../../steps.generated";

export type PathState = "on" | "off" | "unknown";

export interface LadderStep {
  code: number;
  name: string;
  paper: string;
  side: "client" | "server";
  meanNs: number;
  ciLowNs: number;
  ciHighNs: number;
  p50Ns: number;
  p99Ns: number;
  count: number;
  /** on the round trip path per the `rtp` analysis (share of calls ≥ 0.5), off it, or not placed by it */
  path: PathState;
  onPathShare: number | null;
  /** this call's value when the ladder shows the cold first call instead of the means */
  firstNs?: number | null;
}

export interface LadderLoop {
  side: "client" | "server";
  from: number; // step code the arrow leaves (the end of the repeated stretch)
  to: number; // step code it goes back to
  count: number; // times the stretch runs per call
  why: string;
}

export interface Ladder {
  client: LadderStep[];
  server: LadderStep[];
  loops: LadderLoop[];
}

/** Where a large-data call goes back to (the step registry's loops_to, agents/steps.toml): an ack starts the next
 * window's sends (C22→C7, S4→S15→S8 in the paper). A step missing from the run draws no arrow. */
const LOOP_BACK: Record<number, { to: number; why: string }> = Object.fromEntries(
  STEPS.flatMap((s) => (s.loopsTo ? [[s.code, { to: s.loopsTo.code, why: s.loopsTo.why }]] : [])),
);
/** Steps that run once per RPC packet of the request (paper C9→C7: more sendmsg calls within a window). */
const PER_PACKET_STEPS: Record<number, string> = Object.fromEntries(
  STEPS.flatMap((s) => (s.perPacket ? [[s.code, s.perPacket]] : [])),
);

function sideOf(s: StepStat): "client" | "server" | null {
  if (s.code >= 200) return null; // kernel points live in the round-trip-path figure
  return s.code < 100 ? "client" : "server";
}

/** RPC packets a request of `bytes` needs at `packetData` bytes of data per packet (at least one). */
export function packetsFor(bytes: number, packetData: number | null | undefined): number {
  if (!packetData || packetData <= 0 || !Number.isFinite(bytes)) return 1;
  return Math.max(1, Math.ceil(bytes / packetData));
}

export function buildLadder(
  point: StepStatsPoint,
  rtp: RtpPoint | null,
  opts: { requestBytes?: number | null; packetData?: number | null; firstCall?: boolean } = {},
): Ladder {
  const share = new Map<number, number>();
  for (const seg of rtp?.segments ?? []) if (seg.kind === "step" && seg.code !== null) share.set(seg.code, seg.on_path_share);
  const steps: LadderStep[] = [];
  for (const s of point.steps) {
    const side = sideOf(s);
    if (!side) continue;
    const sh = share.has(s.code) ? share.get(s.code)! : null;
    const first = opts.firstCall ? point.first_call?.steps_ns?.[String(s.code)] : undefined;
    steps.push({
      code: s.code,
      name: s.name,
      paper: s.paper,
      side,
      meanNs: s.stats.mean_ns,
      ciLowNs: s.stats.ci95_low_ns,
      ciHighNs: s.stats.ci95_high_ns,
      p50Ns: s.stats.median_ns,
      p99Ns: s.stats.p99_ns,
      count: s.stats.count,
      path: sh === null ? "unknown" : sh >= 0.5 ? "on" : "off",
      onPathShare: sh,
      firstNs: opts.firstCall ? (first ?? null) : undefined,
    });
  }
  // the agent's codes are numbered in execution order within a side (agents/STEPS.md)
  steps.sort((a, b) => a.code - b.code);
  const client = steps.filter((s) => s.side === "client");
  const server = steps.filter((s) => s.side === "server");
  const present = new Set(steps.map((s) => s.code));
  const loops: LadderLoop[] = [];
  for (const s of point.steps) {
    const side = sideOf(s);
    if (!side) continue;
    const back = LOOP_BACK[s.code];
    if (back && present.has(back.to)) {
      loops.push({ side, from: s.code, to: back.to, count: s.runs_per_call, why: back.why });
    }
    const perPacket = PER_PACKET_STEPS[s.code];
    const n = Math.max(s.runs_per_call, perPacket ? packetsFor(opts.requestBytes ?? 0, opts.packetData) : 1);
    if (n > 1) loops.push({ side, from: s.code, to: s.code, count: n, why: perPacket ?? "runs more than once per call" });
  }
  return { client, server, loops };
}

/** Segment heights: equal (schematic, like the paper) or proportional to the mean time with a floor. */
export function segmentHeights(steps: LadderStep[], mode: "schematic" | "scale", total: number, minPx = 14): number[] {
  if (steps.length === 0) return [];
  if (mode === "schematic") return steps.map(() => total / steps.length);
  const vals = steps.map((s) => Math.max(0, s.firstNs ?? s.meanNs));
  const room = Math.max(0, total - minPx * steps.length);
  const sum = vals.reduce((a, b) => a + b, 0);
  return vals.map((v) => minPx + (sum > 0 ? (room * v) / sum : room / steps.length));
}
