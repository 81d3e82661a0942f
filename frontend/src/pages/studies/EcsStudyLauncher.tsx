// The Launch page's study preset "RPC vs sockets on LAN and WAN (ECS)": four RPC runs launched one after another
// from this page, their progress, Stop, the backend's message when a launch is refused, and the study page at the end.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { Agent } from "../../api/types";
import { studyUrl } from "../../api/studies";
import { ErrorBox } from "../../components/States";
import {
  ECS_LEGS,
  ECS_STUDY_DEFAULT_CALLS,
  ECS_STUDY_RTO_MS,
  ECS_STUDY_SIZES,
  ECS_STUDY_THREADS,
  ECS_STUDY_WARMUP_CALLS,
  IDLE,
  StudySequencer,
  legLabel,
  percent,
  progressText,
  studyBodies,
  studyTag,
  type StudyState,
} from "./ecsStudy";
import "./studies.css";

const MAX_CALLS = 100_000;

export function EcsStudyLauncher({ clientId, serverId, agents, pollMs = 1000 }: {
  clientId: string;
  serverId: string;
  agents: Agent[];
  pollMs?: number;
}) {
  const navigate = useNavigate();
  const [calls, setCalls] = useState(String(ECS_STUDY_DEFAULT_CALLS));
  const [state, setState] = useState<StudyState>(IDLE);
  const seq = useRef<StudySequencer | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false; // the page left: the current run finishes on the agents, no more are launched
      seq.current?.detach();
    };
  }, []);

  const n = Number(calls);
  const callsError = Number.isInteger(n) && n >= 1 && n <= MAX_CALLS ? null : `Calls must be between 1 and ${MAX_CALLS.toLocaleString("en-US")} (got ${calls || "nothing"})`;
  const name = (id: string) => agents.find((a) => String(a.id) === id)?.name ?? (id ? `agent ${id}` : "—");
  const agentsError = !clientId || !serverId ? "Choose the client and the server agent above." : null;
  const running = state.phase === "running";

  const start = async () => {
    if (callsError || agentsError || running) return;
    const s = new StudySequencer(
      studyBodies({ client_agent_id: Number(clientId), server_agent_id: Number(serverId), calls: n, tag: studyTag() }),
      (st) => alive.current && setState(st),
      pollMs,
    );
    seq.current = s;
    const end = await s.start();
    if (alive.current && end.phase === "done") navigate(studyUrl(end.runIds));
  };

  return (
    <fieldset className="form-section study-launcher" data-testid="ecs-study">
      <legend>Study: four runs, one after another</legend>
      <p className="small">
        The lab's link serves one profile at a time, so the study launches each run when the one before has ended:
      </p>
      <ol className="study-legs">
        {ECS_LEGS.map((l, i) => (
          <li key={i} className={running && state.leg === i ? "current" : undefined} data-testid={`study-leg-${i}`}>
            RPC over {l.transport.toUpperCase()} on <code>{l.link_profile}</code>
            {state.runIds[i] !== undefined && <> — run <a href={`/runs/${state.runIds[i]}`} target="_blank" rel="noreferrer">#{state.runIds[i]}</a></>}
          </li>
        ))}
      </ol>
      <p className="muted small">
        each: request sizes {ECS_STUDY_SIZES.map((b) => `${b / 1000} KB`).join(", ")} · threads {ECS_STUDY_THREADS.join(" and ")} · procedure
        sink · per-thread cache · retransmission timeout {ECS_STUDY_RTO_MS} ms (the wan's round trip is ~60 ms plus jitter) ·{" "}
        {ECS_STUDY_WARMUP_CALLS} warm-up calls · one round · client {name(clientId)}, server {name(serverId)} · tagged ecs-&lt;time&gt;
      </p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="study-calls">Calls per thread and point</label>
          <input id="study-calls" type="text" inputMode="numeric" value={calls} disabled={running}
            aria-invalid={!!callsError}
            onChange={(e) => setCalls(e.target.value.trim())}
            onKeyDown={(e) => { if (e.key === "Enter") e.preventDefault(); }} />
          {callsError ? <div className="field-error" data-testid="error-study-calls">{callsError}</div>
            : <div className="field-hint">{`${(n * ECS_STUDY_SIZES.length * ECS_STUDY_THREADS.reduce((a, b) => a + b, 0)).toLocaleString("en-US")} measured calls per run`}</div>}
        </div>
      </div>
      {agentsError && <div className="field-error">{agentsError}</div>}
      {state.error && (
        <ErrorBox title={state.phase === "failed" ? "The study stopped" : "Stop"} testId="study-error">{state.error}</ErrorBox>
      )}
      {state.phase !== "idle" && (
        <div className={`progress progress-${running ? (state.run?.status ?? "queued") : state.phase === "done" ? "done" : state.phase === "failed" ? "failed" : "cancelled"}`}
          data-testid="study-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100}
          aria-valuenow={state.run ? percent(state.run) : 0}>
          <div className="progress-fill" style={{ width: `${running && state.run ? percent(state.run) : state.phase === "done" ? 100 : 0}%` }} />
          <div className="progress-text" data-testid="study-progress-text">
            {running ? progressText(state)
              : state.phase === "done" ? "all four runs done"
              : state.phase === "stopped" ? `stopped at run ${state.leg + 1} of ${ECS_LEGS.length} (${legLabel(ECS_LEGS[state.leg])})`
              : `ended at run ${state.leg + 1} of ${ECS_LEGS.length}`}
          </div>
        </div>
      )}
      <div className="study-actions">
        {running ? (
          <button type="button" className="btn" onClick={() => void seq.current?.stop()} data-testid="study-stop">Stop</button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={!!callsError || !!agentsError}
            data-testid="study-start">
            {state.phase === "idle" ? "Start the study" : "Start again"}
          </button>
        )}
        {(state.phase === "stopped" || state.phase === "failed") && state.runIds.length > 0 && (
          <Link to={studyUrl(state.runIds)} className="small">the study page of the runs so far</Link>
        )}
      </div>
      <p className="muted small" data-testid="study-limitation">
        The sequence runs in this browser tab: closing or leaving the page stops the study after the current run (that run
        finishes on the agents; no further run is launched).
      </p>
    </fieldset>
  );
}
