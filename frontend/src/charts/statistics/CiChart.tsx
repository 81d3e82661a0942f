// The Statistics tab's chart: each point's mean RTT with its 95% confidence interval as an error bar.
import { scaleBand, scaleLinear } from "d3-scale";
import { useState } from "react";
import { formatCi, formatCount, formatNs } from "../../format";
import { Y_TITLE_ABOVE, YTitleAbove } from "../common/Axis";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import type { CiRow } from "./statsTables";
import { xLabelLayout } from "./xLabels";

const PLOT_H = 176;
const M = { top: Y_TITLE_ABOVE, right: 16, bottom: 44, left: 70 };

/** Mean RTT per point with its 95% confidence interval as an error bar. */
export function CiChart({ rows, labelOf, width: fixed }: { rows: CiRow[]; labelOf: (pointNo: number) => string; width?: number }) {
  const [ref, width] = useWidth<HTMLDivElement>(fixed, 700);
  const [hover, setHover] = useState<CiRow | null>(null);
  const short = (pointNo: number) => labelOf(pointNo).replace(/^point \d+: /, "");
  const band = (left: number) => scaleBand<number>().domain(rows.map((r) => r.pointNo)).range([left, width - M.right]).padding(0.4);
  // the labels level while they fit their bands, else turned, with the room below the plot they need and, as a
  // turned label hangs to the left of its point, beside the first
  const layout = xLabelLayout(rows.map((r) => short(r.pointNo)), band(M.left).step());
  const x = layout.rotate ? band(Math.max(M.left, Math.ceil(layout.hang) + 4)) : band(M.left);
  const H = M.top + PLOT_H + layout.bottom;
  const hi = Math.max(1, ...rows.map((r) => r.highNs));
  const y = scaleLinear().domain([0, hi]).range([M.top + PLOT_H, M.top]).nice();
  const cx = (r: CiRow) => (x(r.pointNo) ?? 0) + x.bandwidth() / 2;
  return (
    <div ref={ref} style={{ position: "relative" }}>
      <svg width={width} height={H} role="img" data-testid="ci-chart" aria-label={`Mean RTT with 95% confidence interval for ${rows.length} points`}>
        {y.ticks(5).map((t) => (
          <g key={t}>
            <line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} className="grid-line" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" className="axis-label">{formatNs(t)}</text>
          </g>
        ))}
        <YTitleAbove x={8} plotTop={M.top}>mean RTT</YTitleAbove>
        {rows.map((r, i) => (
          <g key={r.pointNo} tabIndex={0} role="button" aria-label={`${labelOf(r.pointNo)}: mean ${formatNs(r.meanNs)}, 95% CI ${formatNs(r.lowNs)} to ${formatNs(r.highNs)}`}
            onMouseEnter={() => setHover(r)} onMouseLeave={() => setHover(null)} onFocus={() => setHover(r)} onBlur={() => setHover(null)}>
            <rect x={x(r.pointNo)} y={M.top} width={x.bandwidth()} height={PLOT_H} fill="transparent" />
            <line x1={cx(r)} x2={cx(r)} y1={y(r.lowNs)} y2={y(r.highNs)} className="ci-bar" />
            <line x1={cx(r) - 6} x2={cx(r) + 6} y1={y(r.lowNs)} y2={y(r.lowNs)} className="ci-bar" />
            <line x1={cx(r) - 6} x2={cx(r) + 6} y1={y(r.highNs)} y2={y(r.highNs)} className="ci-bar" />
            <circle cx={cx(r)} cy={y(r.meanNs)} r={4} className="ci-mean" />
            {i % layout.every === 0 && (layout.rotate ? (
              <text transform={`translate(${cx(r)},${M.top + PLOT_H + 10}) rotate(-45)`} textAnchor="end" className="axis-label ci-x-label">{short(r.pointNo)}</text>
            ) : (
              <text x={cx(r)} y={M.top + PLOT_H + 16} textAnchor="middle" className="axis-label ci-x-label">{short(r.pointNo)}</text>
            ))}
          </g>
        ))}
      </svg>
      {hover && (
        <Tooltip x={cx(hover)} y={y(hover.meanNs)} containerWidth={width}>
          <div className="tt-title">{labelOf(hover.pointNo)}</div>
          <div>mean {formatNs(hover.meanNs)}</div>
          <div>95% CI {formatCi(hover.lowNs, hover.highNs)} (±{hover.halfWidthPct.toFixed(2)} %)</div>
          <div className="muted">{formatCount(hover.calls)} calls</div>
        </Tooltip>
      )}
    </div>
  );
}
