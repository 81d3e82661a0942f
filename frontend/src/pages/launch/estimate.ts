// A rough duration estimate shown before launch. It assumes the lab's local agents on loopback:
// a call costs a fixed overhead plus a per-byte copy cost, caller threads share two cores, and an
// RPC caller waits its mean think time between calls. It is a guide, not a measurement.
import { countPoints, kindOf, sweepOf, type LaunchForm } from "./validation";

export const ESTIMATE = {
  callUs: 60, // one small request/response on loopback, protocol and trace included
  rpcCallUs: 120, // one null RPC on loopback (runtime, executor hand-off, trace)
  bytesPerUs: 400, // copy and checksum cost, both directions together
  protectedFactor: 1.5, // an authenticated or encrypted point costs more per call
  cores: 2,
  runOverheadS: 1, // jobs handed out, connections, clock exchange
  pointOverheadS: 0.2, // per rpc point: binding, first calls, upload
} as const;

const perCallUs = (base: number, bytes: number) => base + bytes / ESTIMATE.bytesPerUs;

/** Estimated wall time of the run in seconds (NaN when the form does not say enough yet). */
export function estimateSeconds(form: LaunchForm): number {
  const kind = kindOf(form);
  const n = Number(form.calls) + Number(form.warmup_calls);
  if (kind === "stream") return Number(form.duration_s) + ESTIMATE.runOverheadS;
  if (kind === "pingpong") {
    const bytes = Number(form.request_bytes) + Number(form.response_bytes);
    return (n * perCallUs(ESTIMATE.callUs, bytes)) / 1e6 + ESTIMATE.runOverheadS;
  }
  if (kind === "flows") {
    const flows = Number(form.flows);
    const bytes = Number(form.request_bytes) + Number(form.response_bytes);
    const share = Math.max(1, flows / ESTIMATE.cores);
    return (n * perCallUs(ESTIMATE.callUs, bytes) * share) / 1e6 + ESTIMATE.runOverheadS;
  }
  const sizes = sweepOf(form, "request_sizes").values;
  const threads = sweepOf(form, "threads").values;
  const thinks = sweepOf(form, "think_time_us").values;
  const levels = form.protection ?? [];
  const caches = form.cache ?? [];
  if (!sizes.length || !threads.length || !thinks.length || !levels.length || !caches.length) return NaN;
  let us = 0;
  for (const size of sizes) {
    for (const t of threads) {
      for (const think of thinks) {
        for (const level of levels) {
          const call = perCallUs(ESTIMATE.rpcCallUs, size) * (level === "none" ? 1 : ESTIMATE.protectedFactor);
          // threads overlap their think times; beyond the cores their calls queue
          us += n * (call * Math.max(1, t / ESTIMATE.cores) + think) * caches.length;
        }
      }
    }
  }
  return us / 1e6 + countPoints(form) * ESTIMATE.pointOverheadS + ESTIMATE.runOverheadS;
}

/** "≈ 12 s", "≈ 3 min 20 s", "≈ 1 h 05 min". */
export function formatDuration(s: number): string {
  if (!Number.isFinite(s)) return "—";
  if (s < 60) return `≈ ${Math.max(1, Math.round(s))} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const r = Math.round(s - m * 60);
    return r ? `≈ ${m} min ${r} s` : `≈ ${m} min`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.round((s - h * 3600) / 60);
  return `≈ ${h} h ${String(m).padStart(2, "0")} min`;
}
