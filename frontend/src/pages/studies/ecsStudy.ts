// The ECS paper's RPC vs sockets on LAN and WAN as a study of four RPC runs launched one after another from the
// browser (the lab's link serves one profile at a time: a launch on another profile is refused while a run on the
// link is queued or running). ECS technical paper, section 2 (001_15318e11768c8d9a.txt): threaded DCE RPC over UDP
// against TCP sockets, 1K-100K messages, on a LAN and over a 22-hop Internet path. Here: the lab's RPC runtime over
// UDP (error control per message) against the same runtime over TCP (the kernel's, per segment).
import { ApiError, cancelRun, createRun, errorMessage, getRun } from "../../api/client";
import type { Run, RpcRunCreate } from "../../api/types";
import { isTerminal } from "../../api/types";

export const ECS_STUDY_SIZES = [1000, 20000, 40000, 60000, 80000, 100000];
export const ECS_STUDY_THREADS = [1, 4];
// the wan's round trip is ~60 ms plus jitter: the runtime's default 100 ms would retransmit early
export const ECS_STUDY_RTO_MS = 400;
export const ECS_STUDY_DEFAULT_CALLS = 20;
export const ECS_STUDY_WARMUP_CALLS = 2;

export interface StudyLeg {
  transport: "udp" | "tcp";
  link_profile: "lan-1g" | "wan";
}

/** The launch order: both transports on the LAN, then both on the WAN (one link profile at a time). */
export const ECS_LEGS: StudyLeg[] = [
  { transport: "udp", link_profile: "lan-1g" },
  { transport: "tcp", link_profile: "lan-1g" },
  { transport: "udp", link_profile: "wan" },
  { transport: "tcp", link_profile: "wan" },
];

export const legLabel = (l: StudyLeg) => `${l.transport} on ${l.link_profile}`;

/** The study's tag: ecs-<UTC timestamp>, e.g. ecs-20240501T101500Z. */
export function studyTag(now: Date = new Date()): string {
  return `ecs-${now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}`;
}

export interface StudyOptions {
  client_agent_id: number;
  server_agent_id: number;
  calls: number; // per caller thread and point
  tag: string;
}

/** The four runs' bodies, in launch order. */
export function studyBodies(o: StudyOptions): RpcRunCreate[] {
  return ECS_LEGS.map((leg, i) => ({
    kind: "rpc",
    client_agent_id: o.client_agent_id,
    server_agent_id: o.server_agent_id,
    transport: leg.transport,
    link_profile: leg.link_profile,
    procedure: "sink",
    request_bytes: ECS_STUDY_SIZES,
    threads: ECS_STUDY_THREADS,
    cache: ["per-thread"],
    calls: o.calls,
    warmup_calls: ECS_STUDY_WARMUP_CALLS,
    rto_ms: ECS_STUDY_RTO_MS,
    // one round of `calls` per point and no idle-RPC probe: the study compares means, and the wan is slow
    max_rounds: 1,
    ci_target_pct: 0,
    noise_floor_calls: 0,
    name: `ECS RPC vs sockets ${i + 1}/${ECS_LEGS.length}: RPC over ${leg.transport.toUpperCase()} on ${leg.link_profile}`,
    tags: [o.tag],
  }));
}

export type StudyPhase = "idle" | "running" | "done" | "stopped" | "failed";

export interface StudyState {
  phase: StudyPhase;
  /** index of the run being launched or watched (0-3) */
  leg: number;
  /** ids of the runs launched so far, in order */
  runIds: number[];
  /** the current run as last polled */
  run: Run | null;
  /** why the study ended early (the backend's message for a refused launch) */
  error: string | null;
}

export const IDLE: StudyState = { phase: "idle", leg: 0, runIds: [], run: null, error: null };

/** "run 2 of 4: udp on wan — 37 %" */
export function progressText(s: StudyState): string {
  const leg = ECS_LEGS[s.leg];
  const head = `run ${s.leg + 1} of ${ECS_LEGS.length}: ${legLabel(leg)}`;
  if (!s.run) return `${head} — launching`;
  if (s.run.status === "queued") return `${head} — queued`;
  return `${head} — ${percent(s.run)} %`;
}

export function percent(run: Run): number {
  return run.calls_total > 0 ? Math.min(100, Math.floor((100 * run.calls_done) / run.calls_total)) : 0;
}

/**
 * Launches the study's runs one after another, each when the one before has ended, polling the current run's
 * progress. stop() cancels the current run and launches no more. A refused launch or a run that failed ends the
 * study with the backend's reason.
 */
export class StudySequencer {
  private state: StudyState = IDLE;
  private stopping = false;
  private detached = false;
  private cancelled = new Set<number>();
  private wake: (() => void) | null = null;

  constructor(
    private readonly bodies: RpcRunCreate[],
    private readonly onUpdate: (s: StudyState) => void,
    private readonly pollMs = 1000,
  ) {}

  get current(): StudyState {
    return this.state;
  }

  private set(s: Partial<StudyState>) {
    this.state = { ...this.state, ...s };
    this.onUpdate(this.state);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => { this.wake = null; resolve(); }, ms);
      this.wake = () => { clearTimeout(t); this.wake = null; resolve(); };
    });
  }

  async start(): Promise<StudyState> {
    this.set({ ...IDLE, phase: "running" });
    for (let i = 0; i < this.bodies.length; i++) {
      if (this.stopping) return this.finish("stopped");
      this.set({ leg: i, run: null });
      let run: Run;
      try {
        run = await createRun(this.bodies[i]);
      } catch (e) {
        const why = e instanceof ApiError ? e.message : errorMessage(e);
        return this.finish("failed", `Run ${i + 1} of ${this.bodies.length} (${legLabel(ECS_LEGS[i])}) was refused: ${why}`);
      }
      this.set({ run, runIds: [...this.state.runIds, run.id] });
      if (this.stopping && !this.detached) await this.cancel(run.id);
      while (!isTerminal(run.status)) {
        await this.sleep(this.pollMs);
        if (this.detached || this.cancelled.has(run.id)) return this.finish("stopped");
        try {
          run = await getRun(run.id);
          this.set({ run });
        } catch {
          // a missed poll: try again (the run goes on at the agents)
        }
      }
      if (this.stopping || run.status === "cancelled") return this.finish("stopped");
      if (run.status === "failed") {
        return this.finish("failed", `Run ${i + 1} of ${this.bodies.length} (${legLabel(ECS_LEGS[i])}, #${run.id}) failed${run.reason ? `: ${run.reason}` : ""}`);
      }
    }
    return this.finish("done");
  }

  /** Cancels the current run (if any) and launches no more. */
  async stop(): Promise<void> {
    if (this.stopping || this.state.phase !== "running") return;
    this.stopping = true;
    const run = this.state.run;
    if (run && !isTerminal(run.status)) await this.cancel(run.id);
    this.wake?.();
  }

  /** The page is gone: the current run goes on at the agents, no more are launched, nothing is polled. */
  detach(): void {
    this.stopping = true;
    this.detached = true;
    this.wake?.();
  }

  private async cancel(id: number) {
    try {
      const r = await cancelRun(id);
      this.cancelled.add(id);
      if (this.state.run?.id === id) this.set({ run: r });
    } catch (e) {
      this.set({ error: `Could not cancel run ${id}: ${errorMessage(e)}` });
    }
  }

  private finish(phase: StudyPhase, error: string | null = null): StudyState {
    this.set({ phase, error: error ?? this.state.error });
    return this.state;
  }
}
