// The launch page: the kind, preset, agents, link and sweep of a new run, checked as typed against the backend's
// limits, the estimated duration, then POST and on to the run's page.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ApiError, createRun, errorMessage, getRun, listAgents } from "../api/client";
import type { Agent, Transport } from "../api/types";
import { ErrorBox, Loading, Panel } from "../components/States";
import { formatBytes, formatCount } from "../format";
import { usePolling } from "../hooks/usePolling";
import {
  DEFAULT_FORM,
  LIMITS,
  chooseTransport,
  switchKind,
  formFieldOf,
  kindOf,
  maxBytes,
  toRunCreate,
  validateLaunch,
  type LaunchErrors,
  type LaunchField,
  type LaunchForm,
} from "./launch/validation";
import { AgentField, Field, NumberField } from "./launch/fields";
import { LinkProfileField } from "./launch/LinkProfileField";
import { KindPicker, LaunchSummary, PresetPicker } from "./launch/LaunchControls";
import { applyPreset, PRESETS, type Preset } from "./launch/presets";
import { kindUnit, type Kind } from "../kinds";
import { EcsStudyLauncher } from "./studies/EcsStudyLauncher";
import { formFromRun } from "./launch/fromRun";
import "./launch/launch.css";

/** The first two distinct online agents (by name): client, server. */
export function defaultAgents(agents: Agent[]): [string, string] {
  const online = agents.filter((a) => a.status === "online").sort((a, b) => a.name.localeCompare(b.name));
  const client = online[0];
  const server = online.find((a) => a.id !== client?.id) ?? client;
  return [client ? String(client.id) : "", server ? String(server.id) : ""];
}

export function LaunchPage() {
  const navigate = useNavigate();
  const agentsPoll = usePolling(listAgents, 5000);
  const agents = useMemo(() => agentsPoll.data ?? [], [agentsPoll.data]);
  const online = agents.filter((a) => a.status === "online");

  const [form, setForm] = useState<LaunchForm>(DEFAULT_FORM);
  const [preset, setPreset] = useState<Preset | null>(null);
  const kind = kindOf(form);
  const unit = kindUnit(kind);
  const [touched, setTouched] = useState<Partial<Record<LaunchField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<LaunchErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // /launch?from=<run id>: that run's settings, to launch again as they are or edited
  const [search] = useSearchParams();
  const from = search.get("from");
  const [fromError, setFromError] = useState<string | null>(null);
  useEffect(() => {
    if (!from) return;
    let alive = true;
    getRun(from).then(
      (r) => alive && setForm((f) => formFromRun(r, { ...DEFAULT_FORM, client_agent_id: f.client_agent_id, server_agent_id: f.server_agent_id })),
      (e) => alive && setFromError(errorMessage(e)),
    );
    return () => {
      alive = false;
    };
  }, [from]);

  // Default agents once they are known (and whenever a chosen agent disappears).
  useEffect(() => {
    if (!agentsPoll.data) return;
    const [c, s] = defaultAgents(agentsPoll.data);
    setForm((f) => {
      const known = (id: string) => agentsPoll.data!.some((a) => String(a.id) === id);
      const client = f.client_agent_id && known(f.client_agent_id) ? f.client_agent_id : c;
      const server = f.server_agent_id && known(f.server_agent_id) ? f.server_agent_id : s;
      return client === f.client_agent_id && server === f.server_agent_id
        ? f
        : { ...f, client_agent_id: client, server_agent_id: server };
    });
  }, [agentsPoll.data]);

  const errors = validateLaunch(form);
  const shown = (f: keyof LaunchErrors): string | undefined => {
    if (serverErrors[f]) return serverErrors[f];
    if (f === "client_agent_id" || f === "server_agent_id") {
      return submitted || (agentsPoll.data && online.length === 0) ? errors[f] : undefined;
    }
    const owner = f.split(".")[0] as LaunchField; // runtime.mtu is edited through the runtime field
    return touched[owner] || submitted ? errors[f] : undefined;
  };

  const set = <K extends LaunchField>(field: K, value: LaunchForm[K]) => {
    setForm((f) => (field === "transport" ? chooseTransport(f, value as Transport) : { ...f, [field]: value }));
    // a new transport changes the size limits: show what it makes invalid at once
    const sizes = field === "transport" ? { request_bytes: true, response_bytes: true, message_bytes: true } : {};
    setTouched((t) => ({ ...t, ...sizes, [field]: true }));
    setServerErrors((e) => {
      const own = (Object.keys(e) as (keyof LaunchErrors)[]).filter((k) => k === field || k.startsWith(`${field}.`));
      if (!own.length && !(field === "transport" && (e.request_bytes || e.response_bytes))) return e;
      const next = { ...e };
      for (const k of own) delete next[k];
      if (field === "transport") {
        delete next.request_bytes;
        delete next.response_bytes;
      }
      return next;
    });
  };

  const setKind = (k: Kind) => {
    setForm((f) => {
      const name = PRESETS.some((p) => p.label === f.name) ? "" : f.name; // a preset's name no longer fits
      return { ...switchKind(f, k), name };
    });
    setPreset(null);
    setTouched({});
    setServerErrors({});
  };

  const choosePreset = (p: Preset | null) => {
    setPreset(p);
    if (p) setForm((f) => applyPreset(f, p));
    setTouched({});
    setServerErrors({});
    setSubmitted(false);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (preset?.study) return; // a study launches its runs from its own panel
    setSubmitted(true);
    setGeneralError(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const run = await createRun(toRunCreate(form));
      navigate(`/runs/${run.id}`);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) {
        const fe: LaunchErrors = {};
        const rest: string[] = [];
        for (const [k, msg] of Object.entries(err.fieldErrors)) {
          const field = formFieldOf(kind, k);
          if (field) fe[field] = msg;
          else rest.push(`${k}: ${msg}`);
        }
        setServerErrors(fe);
        setGeneralError(rest.length ? rest.join("; ") : null);
      } else {
        setGeneralError(errorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const max = maxBytes(form.transport);
  const trLabel = form.transport.toUpperCase();
  const sizeHint = (raw: string) => {
    const v = Number(raw);
    return (
      <>
        1 – {formatCount(max)} bytes for {trLabel}
        {Number.isInteger(v) && v > 0 ? ` · ${formatBytes(v)}` : ""}
      </>
    );
  };
  const agentHint = (id: string, role: string) => {
    const a = agents.find((x) => String(x.id) === id);
    return a ? `${a.host} · ${a.address} · ${role}` : role;
  };
  const errorCount = Object.keys(errors).length;

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Launch a run</h1>
        <span className="muted">an experiment between two agents: ping-pong, RPC sweep, stream or control flows</span>
      </div>
      {from && !fromError && (
        <div className="info-box" data-testid="launch-from">
          The settings of <Link to={`/runs/${from}`}>run #{from}</Link>: launch them again as they are, or change any first.
        </div>
      )}
      {fromError && <ErrorBox title={`Could not load the settings of run #${from}`}>{fromError}</ErrorBox>}
      {agentsPoll.error && !agentsPoll.data && (
        <ErrorBox title="Could not load agents" onRetry={agentsPoll.refresh}>
          {agentsPoll.error}
        </ErrorBox>
      )}
      {agentsPoll.data && online.length === 0 && (
        <div className="warn-box">
          No agent is online. Start agents (see the <Link to="/agents">Agents</Link> page) before launching a run.
        </div>
      )}
      {generalError && <ErrorBox title="The backend refused the run">{generalError}</ErrorBox>}
      <Panel>
        {agentsPoll.loading && !agentsPoll.data ? (
          <Loading label="Loading agents…" />
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate aria-label="Launch a run">
            <fieldset className="form-section">
              <legend>Agents</legend>
              <div className="form-row">
                <AgentField
                  id="client_agent_id"
                  label="Client agent"
                  agents={agents}
                  value={form.client_agent_id}
                  onChange={(v) => set("client_agent_id", v)}
                  error={shown("client_agent_id")}
                  hint={agentHint(form.client_agent_id, "measures the RTT")}
                />
                <AgentField
                  id="server_agent_id"
                  label="Server agent"
                  agents={agents}
                  value={form.server_agent_id}
                  onChange={(v) => set("server_agent_id", v)}
                  error={shown("server_agent_id")}
                  hint={agentHint(
                    form.server_agent_id,
                    form.client_agent_id && form.client_agent_id === form.server_agent_id
                      ? "same agent as the client"
                      : "answers each request",
                  )}
                />
              </div>
            </fieldset>

            <fieldset className="form-section">
              <legend>Experiment</legend>
              <KindPicker kind={kind} onChange={setKind} />
              <PresetPicker preset={preset} onChange={choosePreset} />
            </fieldset>

            {preset?.study ? (
              <EcsStudyLauncher clientId={form.client_agent_id} serverId={form.server_agent_id} agents={agents} />
            ) : (<>
            {unit.linkProfile && (
              <LinkProfileField value={form.link_profile ?? "loopback"} onChange={(v) => set("link_profile", v)} error={shown("link_profile")} />
            )}
            <fieldset className="form-section">
              <legend>Workload</legend>
              <div className="form-row">
                <Field id="transport" label="Transport" error={shown("transport")} hint={unit.transportHint(form.transport)}>
                  <select
                    id="transport"
                    value={form.transport}
                    onChange={(e) => set("transport", e.target.value as Transport)}
                  >
                    {unit.transports.map((t) => (
                      <option key={t} value={t}>{t.toUpperCase()}</option>
                    ))}
                  </select>
                </Field>
                <Field id="name" label="Name" error={shown("name")} hint="optional">
                  <input
                    id="name"
                    type="text"
                    value={form.name}
                    placeholder="e.g. baseline 64 B"
                    maxLength={LIMITS.maxName + 50}
                    onChange={(e) => set("name", e.target.value)}
                    aria-invalid={!!shown("name")}
                  />
                </Field>
                <Field id="tags" label="Tags" error={shown("tags")} hint="comma-separated, e.g. baseline, kernel-6.18: the run's series and the Runs list's filter">
                  <input id="tags" type="text" value={form.tags ?? ""} placeholder="e.g. baseline" onChange={(e) => set("tags", e.target.value)}
                    aria-invalid={!!shown("tags")} />
                </Field>
              </div>
              {unit.Fields && <unit.Fields form={form} set={set} shown={shown} />}
              {unit.sizes && (
                <div className="form-row">
                  <NumberField
                    id="request_bytes"
                    label="Request size (bytes)"
                    value={form.request_bytes}
                    onChange={(v) => set("request_bytes", v)}
                    error={shown("request_bytes")}
                    hint={sizeHint(form.request_bytes)}
                  />
                  <NumberField
                    id="response_bytes"
                    label="Response size (bytes)"
                    value={form.response_bytes}
                    onChange={(v) => set("response_bytes", v)}
                    error={shown("response_bytes")}
                    hint={sizeHint(form.response_bytes)}
                  />
                </div>
              )}
              {unit.callsLabel && (
                <div className="form-row">
                  <NumberField
                    id="calls"
                    label={unit.callsLabel}
                    value={form.calls}
                    onChange={(v) => set("calls", v)}
                    error={shown("calls")}
                    hint={`measured calls, ${LIMITS.minCalls} – ${formatCount(LIMITS.maxCalls)}`}
                  />
                  <NumberField
                    id="warmup_calls"
                    label="Warm-up calls"
                    value={form.warmup_calls}
                    onChange={(v) => set("warmup_calls", v)}
                    error={shown("warmup_calls")}
                    hint={`not in the statistics, ${LIMITS.minWarmup} – ${formatCount(LIMITS.maxWarmup)}`}
                  />
                </div>
              )}
              {unit.MoreFields && <unit.MoreFields form={form} set={set} shown={shown} />}
            </fieldset>

            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={busy || online.length === 0 || errorCount > 0}>
                {busy ? "Launching…" : "Launch"}
              </button>
              <LaunchSummary form={form} errorCount={errorCount} />
            </div>
            </>)}
          </form>
        )}
      </Panel>
    </div>
  );
}
