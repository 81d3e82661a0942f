// The parameters of the rpc, stream and flows kinds (ping-pong's stay in LaunchPage).
import { formatCount } from "../../format";
import { Field, NumberField, type KindFieldsProps } from "./fields";
import { CACHES, LIMITS, PROCEDURES, PROTECTIONS, RPC_RUNTIME } from "./limits";
import { SweepField } from "./SweepField";
import { ArrivalFields } from "./ArrivalFields";
import { CLIENT_STEPS, INJECT_DEFAULTS, INJECT_KINDS, INJECT_LIMITS, injectKindHint, SERIAL_STEPS, SERVER_STEPS, type InjectForm } from "./inject";
import { RPC_DEFAULTS, SWEEP_BOUNDS, sweepOf } from "./form";

const PROCEDURE_HINT: Record<string, string> = {
  null: "ignores the request's data, empty reply",
  sink: "takes the request data, empty reply",
  echo: "replies with the request data",
  work: "spins for the work time, empty reply",
};

const formatUs = (us: number) => (us >= 1000 ? `${us / 1000} ms` : `${us} µs`);

function CheckGroup({ id, label, options, value, onChange, error, hint }: {
  id: string; label: string; options: readonly string[]; value: string[]; onChange: (v: string[]) => void;
  error?: string; hint: string;
}) {
  const toggle = (o: string) => onChange(value.includes(o) ? value.filter((x) => x !== o) : options.filter((x) => x === o || value.includes(x)));
  return (
    <div className={`field${error ? " field-invalid" : ""}`} id={id} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field-label">{label}</span>
      <div className="check-group">
        {options.map((o) => (
          <label key={o} className="checkbox">
            <input type="checkbox" checked={value.includes(o)} onChange={() => toggle(o)} /> {o}
          </label>
        ))}
      </div>
      {error ? <div className="field-error" data-testid={`error-${id}`} role="alert">{error}</div> : <div className="field-hint">{hint}</div>}
    </div>
  );
}

/** null sends the sizes' bytes but its server never reads them: said where the procedure is chosen, once the sizes
 * ask for data, so a size sweep is not measured with a procedure that ignores it unawares. */
export function procedureWarning(procedure: string, sizes: number[]): string | null {
  if (procedure !== "null" || !sizes.some((s) => s > 0)) return null;
  return "null ignores the request's bytes: they cross the link but the server never reads them. Choose sink to have them read, echo to have them sent back.";
}

export function RpcFields({ form, set, shown }: KindFieldsProps) {
  const procedure = form.procedure ?? "null";
  const warning = procedureWarning(procedure, sweepOf(form, "request_sizes").values);
  return (
    <>
      <div className="form-row">
        <Field id="procedure" label="Server procedure" error={shown("procedure")} hint={PROCEDURE_HINT[procedure]}>
          <select id="procedure" value={procedure} onChange={(e) => set("procedure", e.target.value)}>
            {PROCEDURES.map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
          {warning && <div className="field-warning" role="status" data-testid="procedure-warning">⚠ {warning}</div>}
        </Field>
        {procedure === "work" ? (
          <NumberField id="work_us" label="Work per call (µs)" value={form.work_us ?? "0"} onChange={(v) => set("work_us", v)}
            error={shown("work_us")} hint={`0 – ${formatCount(LIMITS.maxWorkUs)} µs`} />
        ) : (
          <NumberField id="server_threads" label="Server executor threads" value={form.server_threads ?? "4"}
            onChange={(v) => set("server_threads", v)} error={shown("server_threads")} hint={`1 – ${LIMITS.maxThreads}`} />
        )}
      </div>
      <SweepField id="request_sizes" label="Request sizes (bytes)" bounds={SWEEP_BOUNDS.request_sizes}
        value={form.request_sizes ?? RPC_DEFAULTS.request_sizes} onChange={(v) => set("request_sizes", v)}
        error={shown("request_sizes")} />
      <div className="form-row">
        <SweepField id="threads" label="Caller threads" bounds={SWEEP_BOUNDS.threads}
          value={form.threads ?? RPC_DEFAULTS.threads} onChange={(v) => set("threads", v)} error={shown("threads")} />
        <SweepField id="think_time_us" label="Think time (µs, mean)" bounds={SWEEP_BOUNDS.think_time_us}
          value={form.think_time_us ?? RPC_DEFAULTS.think_time_us} onChange={(v) => set("think_time_us", v)}
          error={shown("think_time_us")} format={formatUs} />
        <Field id="think_distribution" label="Think time distribution" error={shown("think_distribution")}
          hint={form.think_distribution === "constant" ? "every think time is the mean" : "drawn around the mean (a Poisson caller)"}>
          <select id="think_distribution" value={form.think_distribution ?? "exponential"}
            onChange={(e) => set("think_distribution", e.target.value as "exponential" | "constant")}>
            <option value="exponential">exponential</option>
            <option value="constant">constant</option>
          </select>
        </Field>
      </div>
      <ArrivalFields form={form} set={set} shown={shown} sweep />
      <div className="form-row">
        <CheckGroup id="protection" label="Protection levels" options={PROTECTIONS} value={form.protection ?? []}
          onChange={(v) => set("protection", v)} error={shown("protection")} hint="each checked level is a point" />
        <CheckGroup id="cache" label="Call-handle cache" options={CACHES} value={form.cache ?? []}
          onChange={(v) => set("cache", v)} error={shown("cache")} hint="single: one slot, the case study's anomaly" />
      </div>
      <CalibrationFields form={form} set={set} shown={shown} />
      <RuntimeFields form={form} set={set} shown={shown} />
    </>
  );
}

/** Calibration: plant a known fault so the run shows whether the model flags it and names its step. */
function CalibrationFields({ form, set, shown }: KindFieldsProps) {
  const inj = form.inject ?? null;
  const put = (patch: Partial<InjectForm>) => set("inject", { ...(inj ?? INJECT_DEFAULTS), ...patch });
  const steps = inj?.kind === "serial" ? SERIAL_STEPS : [...CLIENT_STEPS, ...SERVER_STEPS];
  const whole = shown("inject");
  return (
    <fieldset className="calibration-fields" data-testid="calibration-fields">
      <legend>
        <label className="checkbox">
          <input type="checkbox" checked={!!inj} onChange={(e) => set("inject", e.target.checked ? { ...INJECT_DEFAULTS } : null)} />{" "}
          Calibration: plant a fault
        </label>
      </legend>
      {!inj ? (
        <div className="field-hint">off: the run measures the system as it is. On: a fault at every point with more than one caller (the 1-thread points, the model's bases, run without it), to check that the Model tab flags it</div>
      ) : (
        <>
          <div className="form-row">
            <Field id="inject_kind" label="Fault" hint={injectKindHint(inj.kind)}>
              <select id="inject_kind" value={inj.kind} onChange={(e) => {
                const kind = e.target.value as InjectForm["kind"];
                // a serial server's fault is in a server step
                put({ kind, ...(kind === "serial" && !SERIAL_STEPS.includes(inj.step) ? { step: "s.service" } : {}) });
              }}>
                {INJECT_KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
              </select>
            </Field>
            <Field id="inject_step" label="Step" error={shown("inject.step")} hint="the RPC step it runs in (c.… client, s.… server)">
              <select id="inject_step" value={inj.step} onChange={(e) => put({ step: e.target.value as InjectForm["step"] })}>
                {steps.map((st) => <option key={st} value={st}>{st}</option>)}
              </select>
            </Field>
            <NumberField id="inject_delay_us" label="Delay (µs)" value={inj.delay_us} onChange={(v) => put({ delay_us: v })}
              error={shown("inject.delay_us")} hint={`0 – ${formatCount(INJECT_LIMITS.maxDelayUs)} µs`} />
            <NumberField id="inject_every" label="Every k-th call" value={inj.every} onChange={(v) => put({ every: v })}
              error={shown("inject.every")} hint={`1 – ${formatCount(INJECT_LIMITS.maxEvery)}: 1 = every call`} />
          </div>
          {whole && <div className="field-error" data-testid="error-inject" role="alert">{whole}</div>}
        </>
      )}
    </fieldset>
  );
}

export function StreamFields({ form, set, shown }: KindFieldsProps) {
  const max = form.transport === "udp" ? LIMITS.udpMaxDatagram : LIMITS.tcpMaxBytes;
  return (
    <>
      <NumberField id="message_bytes" label="Message size (bytes)" value={form.message_bytes ?? ""}
        onChange={(v) => set("message_bytes", v)} error={shown("message_bytes")}
        hint={`1 – ${formatCount(max)} bytes for ${form.transport.toUpperCase()}`} />
      <div className="form-row">
        <NumberField id="duration_s" label="Duration (s)" value={form.duration_s ?? ""} onChange={(v) => set("duration_s", v)}
          error={shown("duration_s")} hint={`1 – ${formatCount(LIMITS.maxStreamS)} s`} />
        <NumberField id="interval_ms" label="Interval (ms)" value={form.interval_ms ?? ""} onChange={(v) => set("interval_ms", v)}
          error={shown("interval_ms")} hint={`one throughput sample per interval, ${LIMITS.minIntervalMs} – ${formatCount(LIMITS.maxIntervalMs)} ms`} />
      </div>
    </>
  );
}

export function FlowsFields({ form, set, shown }: KindFieldsProps) {
  return (
    <div className="form-row">
      <Field id="mode" label="Control flows are" error={shown("mode")} hint="each flow has its own TCP connection">
        <select id="mode" value={form.mode ?? "threads"} onChange={(e) => set("mode", e.target.value as "threads" | "processes")}>
          <option value="threads">threads</option>
          <option value="processes">processes</option>
        </select>
      </Field>
      <NumberField id="flows" label="Flows" value={form.flows ?? ""} onChange={(v) => set("flows", v)} error={shown("flows")}
        hint={`1 – ${LIMITS.maxFlows}, all calling at once`} />
    </div>
  );
}

/** How precisely each point is measured: repeat it in rounds until its mean's 95% interval is tight enough. */
export function PrecisionFields({ form, set, shown }: KindFieldsProps) {
  return (
    <div className="form-row">
      <NumberField id="ci_target_pct" label="CI target (% of the mean)" decimal
        value={form.ci_target_pct ?? RPC_DEFAULTS.ci_target_pct} onChange={(v) => set("ci_target_pct", v)}
        error={shown("ci_target_pct")}
        hint={`${LIMITS.ciTargetMin} – ${LIMITS.ciTargetMax} %, 0 = none: a point repeats until its mean's 95% CI half-width is within it`} />
      <NumberField id="max_rounds" label="Most rounds per point" value={form.max_rounds ?? RPC_DEFAULTS.max_rounds}
        onChange={(v) => set("max_rounds", v)} error={shown("max_rounds")}
        hint={`1 – ${LIMITS.maxRounds}: each round is the calls per thread again, warm-up only in the first`} />
      <NumberField id="model_tolerance_pct" label="Model tolerance (%)"
        value={form.model_tolerance_pct ?? RPC_DEFAULTS.model_tolerance_pct} onChange={(v) => set("model_tolerance_pct", v)}
        error={shown("model_tolerance_pct")}
        hint={`0 – ${LIMITS.maxModelTolerance} %: the model's own error; a point is an anomaly only beyond it and the base point's CI`} />
    </div>
  );
}

/** The runtime's packetisation, flow control and link knobs, folded away: the DCE defaults suit the papers. */
function RuntimeFields({ form, set, shown }: KindFieldsProps) {
  const runtime = form.runtime ?? RPC_DEFAULTS.runtime;
  const invalid = RPC_RUNTIME.some(([f]) => shown(`runtime.${f}`));
  return (
    <details className="runtime-fields" open={invalid || undefined}>
      <summary>Packets, windows, link and seed (DCE defaults)</summary>
      <div className="form-row">
        {RPC_RUNTIME.map(([f, label, min, max, , unit]) => (
          <NumberField key={f} id={f} label={unit ? `${label} (${unit})` : label} value={runtime[f] ?? ""}
            onChange={(v) => set("runtime", { ...runtime, [f]: v })} error={shown(`runtime.${f}`)}
            hint={`${formatCount(min)} – ${formatCount(max)}${unit ? ` ${unit}` : ""}`} />
        ))}
      </div>
    </details>
  );
}
