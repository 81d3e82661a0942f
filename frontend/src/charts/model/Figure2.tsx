// Case study Figure 2, drawn by React from figure2()'s panels: small multiples of RTT against think time.
import { useMemo, useState } from "react";
import { formatNs } from "../../format";
import { PlotFrame } from "../common/PlotFrame";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { figure2, PANEL_MARGIN, threadLegend, type F2Marker, type F2Panel } from "./figure2";
import type { PolicyRow } from "./policy";
import { notAppliesText, SOLVER_NAMES } from "./solvers";
import { flagText, type Packetisation } from "./table2";
import "./model.css";

const FLAG = "#d1242f";
// the what-if line: thick round dots, apart from every thread count's dash pattern
const WHATIF_W = 2.6;
const WHATIF_DASH = "0.1 5";
const GAP = 12;
// the asymptotic bounds: thin fine dots, lighter than any model line (Lazowska et al.'s bound plots)
const BOUND_W = 0.9;
const BOUND_DASH = "1 3";
const ms = (v: number) => formatNs(v * 1e6); // rows are in ms; the unit adapts (µs on loopback)

export interface Figure2Props {
  rows: PolicyRow[];
  whatif?: Record<string, number> | null;
  logY?: boolean;
  /** fixed width (the report); the tab follows its container */
  width?: number;
  panelH?: number;
  packetisation?: Packetisation | null;
  testId?: string;
  /** what the model line is (modelMethod(...).name) */
  modelName?: string;
  /** the model's tolerance in its band, % (results stored before it had none) */
  tolerancePct?: number;
}

export function Figure2({ rows, whatif, logY, width: fixed, panelH = 250, packetisation, testId = "model-chart", modelName = "corrected MVA", tolerancePct }: Figure2Props) {
  const [ref, width] = useWidth<HTMLDivElement>(fixed);
  const cols = Math.max(1, new Set(rows.map((r) => r.policy)).size);
  const panelW = Math.min(460, Math.floor((width - GAP * (cols - 1)) / cols));
  const panels = useMemo(() => figure2(rows, { panelW, panelH, whatif, logY, packetisation }), [rows, panelW, panelH, whatif, logY, packetisation]);
  const [hover, setHover] = useState<{ panel: string; m: F2Marker } | null>(null);
  const legend = threadLegend(panels);
  const bounds = panels.some((p) => p.series.some((s) => s.lower));
  const upper = panels.some((p) => p.series.some((s) => s.upper));
  const hollow = rows.some((r) => r.applies === false);
  return (
    <div className="fig2" data-testid={testId} ref={ref}>
      <div className="fig2-grid" style={{ gridTemplateColumns: `repeat(${cols}, ${panelW}px)`, gap: GAP }}>
        {panels.map((p) => (
          <Panel key={p.id} p={p} width={panelW} height={panelH} hover={hover?.panel === p.id ? hover.m : null}
            onHover={(m) => setHover(m ? { panel: p.id, m } : null)} />
        ))}
      </div>
      <div className="legend fig2-legend small">
        {legend.map((t) => (
          <span key={t.threads} className="legend-item" data-dash={t.dash}><svg width={26} height={10}><line x1={1} x2={25} y1={5} y2={5} stroke={t.color} strokeWidth={1.6} strokeDasharray={t.dash || undefined} /><circle cx={13} cy={5} r={3.5} fill={t.color} /></svg> {t.threads} thread{t.threads === 1 ? "" : "s"}</span>
        ))}
        <span className="legend-sep" />
        <span className="legend-item"><svg width={12} height={14}><line x1={6} x2={6} y1={1} y2={13} stroke="#57606a" /><circle cx={6} cy={7} r={3} fill="#57606a" /></svg> measured mean, bar: 95% CI</span>
        <span className="legend-item"><svg width={22} height={12}><rect x={1} y={2} width={20} height={8} fill="#57606a" opacity={0.18} /><line x1={1} x2={21} y1={6} y2={6} stroke="#57606a" strokeWidth={1.5} /></svg> model ({modelName}), shaded: its band{tolerancePct !== undefined ? ` (base point's 95% CI, ± ${tolerancePct} % model tolerance)` : ""}</span>
        {whatif && <span className="legend-item"><svg width={22} height={10}><line x1={2} x2={20} y1={5} y2={5} stroke="#57606a" strokeWidth={WHATIF_W} strokeDasharray={WHATIF_DASH} strokeLinecap="round" /></svg> what-if model (a row of round dots)</span>}
        {bounds && <span className="legend-item" data-testid="fig2-bounds-legend"><svg width={22} height={10}><line x1={1} x2={21} y1={5} y2={5} stroke="#57606a" strokeWidth={BOUND_W} strokeDasharray={BOUND_DASH} /></svg> bounds: asymptotic lower{upper ? " and upper" : ""} bound per thread count, which no closed system crosses{upper ? "" : " (the upper ones are above the axes)"}</span>}
        <span className="legend-item"><svg width={16} height={16}><circle cx={8} cy={8} r={6} fill="none" stroke={FLAG} strokeWidth={2} /></svg> flagged: CI outside the band</span>
        {hollow && <span className="legend-item"><svg width={12} height={12}><circle cx={6} cy={6} r={3.5} fill="#fff" stroke="#57606a" strokeWidth={1.4} /></svg> hollow: the model does not apply there (not flagged)</span>}
      </div>
    </div>
  );
}

function Panel({ p, width, height, hover, onHover }: { p: F2Panel; width: number; height: number; hover: F2Marker | null; onHover: (m: F2Marker | null) => void }) {
  return (
    <figure className="fig2-panel" data-panel={p.id} data-policy={p.policy}>
      <figcaption className="fig2-title small">{p.title}{p.rises && <span className="fig2-rise" title="measured RTT rises from think 0 to the first think time > 0 at some thread count > 1: the paper's anomaly"> · rises with think time</span>}</figcaption>
      <div className="fig2-plot">
        <PlotFrame label={`RTT against think time, ${p.title}: measured with 95% intervals and the model per thread count`}
          width={width} height={height} margin={PANEL_MARGIN} innerW={p.innerW} innerH={p.innerH}
          xTicks={p.xTicks} yTicks={p.yTicks} x={p.x} y={p.y} xLabel="think time (ms)" yLabel={`RTT (${p.yUnit})`}>
          {p.series.map((s) => (
            <g key={s.threads} className="series" data-series={`${p.policy}-${s.threads}`}>
              {s.band && <path className="fig2-band" d={s.band} fill={s.color} opacity={0.13} />}
              {s.lower && <path className="fig2-bound" data-bound="lower" d={s.lower} fill="none" stroke={s.color} strokeWidth={BOUND_W} strokeDasharray={BOUND_DASH} opacity={0.8} />}
              {s.upper && <path className="fig2-bound" data-bound="upper" d={s.upper} fill="none" stroke={s.color} strokeWidth={BOUND_W} strokeDasharray={BOUND_DASH} opacity={0.8} />}
              <path className="fig2-model" d={s.model} fill="none" stroke={s.color} strokeWidth={1.6} strokeDasharray={s.dash || undefined} />
              {s.whatif && <path className="fig2-whatif" d={s.whatif} fill="none" stroke={s.color} strokeWidth={WHATIF_W} strokeDasharray={WHATIF_DASH} strokeLinecap="round" />}
              {s.markers.map((m) => (
                <g key={m.key} className={m.flagged ? "fig2-marker flagged" : "fig2-marker"} data-flagged={m.flagged || undefined}
                  onMouseEnter={() => onHover(m)} onMouseLeave={() => onHover(null)}>
                  {m.ciTop !== null && m.ciBottom !== null && (
                    <g stroke={s.color} strokeWidth={1.2}>
                      <line x1={m.cx} x2={m.cx} y1={m.ciTop} y2={m.ciBottom} />
                      <line x1={m.cx - 3} x2={m.cx + 3} y1={m.ciTop} y2={m.ciTop} />
                      <line x1={m.cx - 3} x2={m.cx + 3} y1={m.ciBottom} y2={m.ciBottom} />
                    </g>
                  )}
                  {m.applies ? <circle cx={m.cx} cy={m.cy} r={3.5} fill={s.color} />
                    : <circle className="fig2-na" cx={m.cx} cy={m.cy} r={3.5} fill="#fff" stroke={s.color} strokeWidth={1.4} />}
                  {m.flagged && <circle cx={m.cx} cy={m.cy} r={7} fill="none" stroke={FLAG} strokeWidth={1.8} />}
                  <circle cx={m.cx} cy={m.cy} r={10} fill="transparent" />
                </g>
              ))}
            </g>
          ))}
        </PlotFrame>
        {hover && (
          <Tooltip x={PANEL_MARGIN.left + hover.cx} y={PANEL_MARGIN.top + hover.cy} containerWidth={width}>
            <MarkerTip m={hover} />
          </Tooltip>
        )}
      </div>
    </figure>
  );
}

/** A point's numbers: measured and its interval, the models, the error, the slow-start calls, the flag. */
export function MarkerTip({ m }: { m: F2Marker }) {
  const r = m.row;
  const ss = r.slow_start;
  const flag = flagText(r);
  return (
    <div data-testid="fig2-tip">
      <div className="tt-title">cache {r.policy} · {r.threads} thread{r.threads === 1 ? "" : "s"} · think {r.think} ms</div>
      <div>measured {ms(r.measured)}{r.measured_ci95 ? ` (95% CI ${ms(r.measured_ci95[0])} – ${ms(r.measured_ci95[1])})` : ""}</div>
      <div>model {ms(r.model)}{r.model_band ? ` (band ${ms(Math.min(...r.model_band))} – ${ms(Math.max(...r.model_band))})` : ""}</div>
      {r.solver && <div>solver {SOLVER_NAMES[r.solver]}{r.clamped ? " (clamped into the bounds)" : ""}{r.solver_reason ? `: ${r.solver_reason}` : ""}</div>}
      {r.bounds && <div className="muted">bounds {ms(r.bounds.lower)} – {ms(r.bounds.upper)} (bottleneck {r.bounds.bottleneck})</div>}
      {r.model_exact !== undefined && <div className="muted">exact MVA {ms(r.model_exact)}</div>}
      <div>error {r.percent_error >= 0 ? "+" : ""}{r.percent_error.toFixed(1)} %</div>
      <div>small-packet (slow-start) calls: {ss ? `${ss.slow_start} of ${ss.calls} (new handle ${ss.new_handle}, extra packets ${ss.extra_packets})` : "—"}</div>
      {flag && <div className="fig2-tip-flag">flagged: {flag}</div>}
      {r.applies === false && <div>{notAppliesText(r.not_applies_reason)}</div>}
    </div>
  );
}
