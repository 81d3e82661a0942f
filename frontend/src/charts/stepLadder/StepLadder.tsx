// The step ladder: client and server steps side by side in execution order, off-path steps dotted, per-packet loops
// drawn back up the ladder; schematic or to scale.
import { scaleLinear } from "d3-scale";
import { useState } from "react";
import { formatNs } from "../../format";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { segmentHeights, type Ladder, type LadderStep } from "./ladder";

const HEIGHT = 460;
const TOP = 28;

interface Props {
  ladder: Ladder;
  mode: "schematic" | "scale";
  firstCall: boolean;
  width?: number;
  height?: number; // the report prints two ladders to a page
}

interface Placed {
  step: LadderStep;
  y0: number;
  y1: number;
}

function place(steps: LadderStep[], mode: "schematic" | "scale", height: number): Placed[] {
  const hs = segmentHeights(steps, mode, height - TOP - 16);
  let y = TOP;
  return hs.map((h, i) => {
    const p = { step: steps[i], y0: y, y1: y + h };
    y += h;
    return p;
  });
}

function valueOf(s: LadderStep, firstCall: boolean): number | null {
  return firstCall ? (s.firstNs ?? null) : s.meanNs;
}

/** The client and server ladders side by side; each segment is one step, its label the step, its paper
 * numbers and its time; off-path steps dotted; loops as arrows back up the ladder. */
export function StepLadder({ ladder, mode, firstCall, width: fixed, height = HEIGHT }: Props) {
  const [ref, width] = useWidth<HTMLDivElement>(fixed, 900);
  const [hover, setHover] = useState<{ p: Placed; x: number; y: number } | null>(null);
  const colW = width / 2;
  const sides = [
    { side: "client" as const, title: "Client (C)", x: colW * 0.2, placed: place(ladder.client, mode, height) },
    { side: "server" as const, title: "Server (S)", x: colW + colW * 0.2, placed: place(ladder.server, mode, height) },
  ];
  // stroke width follows the time for a quick read of where time goes; exact values are in the labels
  const maxMean = Math.max(1, ...[...ladder.client, ...ladder.server].map((s) => Math.max(0, valueOf(s, firstCall) ?? 0)));
  const stroke = scaleLinear().domain([0, maxMean]).range([2, 9]).clamp(true);

  return (
    <div className="ladder-wrap" ref={ref} style={{ position: "relative" }}>
      <svg width={width} height={height} role="img" data-testid="step-ladder"
        aria-label={`Step ladder: ${ladder.client.length} client steps, ${ladder.server.length} server steps, ${ladder.loops.length} loops`}>
        <defs>
          <marker id="ladder-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="#b45309" />
          </marker>
        </defs>
        {sides.map(({ side, title, x, placed }) => (
          <g key={side} data-testid={`ladder-${side}`}>
            <text x={x} y={14} textAnchor="middle" className="ladder-title">{title}</text>
            {placed.length === 0 && <text x={x} y={TOP + 20} textAnchor="middle" className="muted">no {side} steps recorded</text>}
            {placed.map((p) => {
              const v = valueOf(p.step, firstCall);
              const label = `${p.step.paper ? p.step.paper + " " : ""}${p.step.name}: ${formatNs(v)}`;
              return (
                <g key={p.step.code} className={`ladder-step path-${p.step.path}`} tabIndex={0} role="button"
                  data-testid={`ladder-step-${p.step.code}`} aria-label={label}
                  onMouseEnter={() => setHover({ p, x, y: (p.y0 + p.y1) / 2 })} onMouseLeave={() => setHover(null)}
                  onFocus={() => setHover({ p, x, y: (p.y0 + p.y1) / 2 })} onBlur={() => setHover(null)}>
                  <line x1={x} x2={x} y1={p.y0 + 1.5} y2={p.y1 - 1.5} strokeWidth={stroke(Math.max(0, v ?? 0))}
                    strokeDasharray={p.step.path === "off" ? "3 4" : undefined} strokeLinecap="butt" />
                  <line x1={x - 6} x2={x + 6} y1={p.y0} y2={p.y0} className="ladder-tick" />
                  <rect x={x - 6} y={p.y0} width={colW * 0.75} height={Math.max(1, p.y1 - p.y0)} fill="transparent" />
                  <text x={x + 12} y={(p.y0 + p.y1) / 2 + 4} className="ladder-label">
                    {p.step.paper && <tspan className="ladder-paper">{p.step.paper} </tspan>}
                    {p.step.name} <tspan className="ladder-time">{formatNs(v)}</tspan>
                  </text>
                </g>
              );
            })}
            {ladder.loops.filter((l) => l.side === side).map((l, i) => {
              const from = placed.find((p) => p.step.code === l.from);
              const to = placed.find((p) => p.step.code === l.to);
              if (!from || !to) return null;
              const bend = x - 40 - i * 16;
              const yStart = from.y1 - 2;
              const yEnd = to.y0 + 2;
              const d = `M${x - 8},${yStart} C${bend},${yStart} ${bend},${yEnd} ${x - 8},${yEnd}`;
              return (
                <g key={`${l.from}-${l.to}`} className="ladder-loop" data-testid={`ladder-loop-${l.from}`}>
                  <title>{`${l.why}: ×${l.count.toFixed(l.count % 1 ? 2 : 0)} per call`}</title>
                  <path d={d} fill="none" stroke="#b45309" strokeWidth={1.5} markerEnd="url(#ladder-arrow)" />
                  <text x={bend - 2} y={(yStart + yEnd) / 2 + 4} textAnchor="end" className="ladder-loop-label">
                    ×{l.count % 1 ? l.count.toFixed(2) : l.count}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      {hover && (
        <Tooltip x={hover.x} y={hover.y} containerWidth={width}>
          <div className="tt-title">{hover.p.step.name} {hover.p.step.paper && <span className="muted">({hover.p.step.paper})</span>}</div>
          {firstCall ? (
            <div>first call: {formatNs(hover.p.step.firstNs ?? null)}</div>
          ) : (
            <>
              <div>mean {formatNs(hover.p.step.meanNs)} ({hover.p.step.meanNs.toFixed(1)} ns)</div>
              <div>95% CI {formatNs(hover.p.step.ciLowNs)} – {formatNs(hover.p.step.ciHighNs)}</div>
              <div>p50 {formatNs(hover.p.step.p50Ns)} · p99 {formatNs(hover.p.step.p99Ns)} · n = {hover.p.step.count}</div>
            </>
          )}
          <div className="muted">
            {hover.p.step.path === "unknown" ? "round trip path: not placed by the analysis"
              : `on the round trip path in ${Math.round((hover.p.step.onPathShare ?? 0) * 100)}% of calls`}
          </div>
        </Tooltip>
      )}
    </div>
  );
}
