// The Statistics tab's chart: each point's mean RTT with its 95% confidence interval as an error bar. A few points
// keep their names level under them; a sweep whose names do not fit (48 case-study points) is grouped: the fastest
// setting as coloured markers side by side, the others as rows of level labels under the columns they span.
import { scaleBand, scaleLinear } from "d3-scale";
import { useState } from "react";
import { formatCi, formatCount, formatNs } from "../../format";
import { Y_TITLE_ABOVE, YTitleAbove } from "../common/Axis";
import { SERIES_COLORS } from "../common/seriesStyle";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { groupedAxis, type AxisGroup } from "./groupedAxis";
import type { CiRow } from "./statsTables";
import { CHAR_PX, LINE_PX, xLabelLayout } from "./xLabels";

const PLOT_H = 176;
const M = { top: Y_TITLE_ABOVE, right: 16, bottom: 44, left: 70 };
const ROW_H = LINE_PX + 8;

/** Mean RTT per point with its 95% confidence interval as an error bar. */
export function CiChart({ rows, labelOf, width: fixed }: { rows: CiRow[]; labelOf: (pointNo: number) => string; width?: number }) {
  const [ref, width] = useWidth<HTMLDivElement>(fixed, 700);
  const [hover, setHover] = useState<CiRow | null>(null);
  const short = (pointNo: number) => labelOf(pointNo).replace(/^point \d+: /, "");
  const names = rows.map((r) => short(r.pointNo));
  const band = (left: number, n: number) => scaleBand<number>().domain([...Array(n).keys()]).range([left, width - M.right]).padding(0.3);
  const level = xLabelLayout(names, band(M.left, rows.length).step());
  const grouped = level.rotate ? groupedAxis(names) : null;
  // grouped: a column per point but for the fastest setting; else a column per point, names level or turned
  const columns = grouped ? grouped.columns : rows.length;
  const columnOf = (i: number) => (grouped ? grouped.column[i] : i);
  const turned = !grouped && level.rotate;
  const x = band(turned ? Math.max(M.left, Math.ceil(level.hang) + 4) : M.left, columns);
  // the innermost row of a grouped axis staggers its (short) labels on two lines when they do not fit their columns
  // side by side, and turns them only when even two columns are too narrow
  const fits = (g: AxisGroup, span = 1) => g.label.length * CHAR_PX + 4 <= x.step() * (g.to - g.from + span);
  const inner = !grouped || grouped.rows[0].every((g) => fits(g)) ? "level"
    : grouped.rows[0].every((g) => fits(g, 2)) ? "staggered" : "turned";
  const innerTurned = inner === "turned";
  const innerLongest = grouped ? Math.max(...grouped.rows[0].map((g) => g.label.length)) * CHAR_PX : 0;
  const innerH = innerTurned ? Math.ceil(innerLongest * Math.SQRT1_2) + LINE_PX : inner === "staggered" ? 2 * ROW_H - 4 : ROW_H;
  const bottom = grouped ? 6 + innerH + (grouped.rows.length - 1) * ROW_H : level.bottom;
  const H = M.top + PLOT_H + bottom;
  const hi = Math.max(1, ...rows.map((r) => r.highNs));
  const y = scaleLinear().domain([0, hi]).range([M.top + PLOT_H, M.top]).nice();
  const series = grouped?.series ?? null;
  const dodge = series ? Math.min(12, x.bandwidth() / series.length) : 0;
  const cx = (i: number) => (x(columnOf(i)) ?? 0) + x.bandwidth() / 2
    + (series ? (grouped!.seriesOf[i] - (series.length - 1) / 2) * dodge : 0);
  const hitW = series ? dodge : x.bandwidth(); // each marker's hover strip
  const colour = (i: number) => (series ? SERIES_COLORS[grouped!.seriesOf[i] % SERIES_COLORS.length] : undefined);
  const spanMid = (g: AxisGroup) => ((x(g.from) ?? 0) + (x(g.to) ?? 0) + x.bandwidth()) / 2;
  const hoverIndex = hover ? rows.indexOf(hover) : -1;
  return (
    <div ref={ref} style={{ position: "relative" }}>
      {series && (
        <div className="legend" data-testid="ci-legend">
          {series.map((s, i) => (
            <span className="legend-item" key={s}><span className="swatch" style={{ background: SERIES_COLORS[i % SERIES_COLORS.length] }} /> {s}</span>
          ))}
        </div>
      )}
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
            <rect x={cx(i) - hitW / 2} y={M.top} width={hitW} height={PLOT_H} fill="transparent" />
            <line x1={cx(i)} x2={cx(i)} y1={y(r.lowNs)} y2={y(r.highNs)} className="ci-bar" style={series ? { stroke: colour(i) } : undefined} />
            <line x1={cx(i) - 4} x2={cx(i) + 4} y1={y(r.lowNs)} y2={y(r.lowNs)} className="ci-bar" style={series ? { stroke: colour(i) } : undefined} />
            <line x1={cx(i) - 4} x2={cx(i) + 4} y1={y(r.highNs)} y2={y(r.highNs)} className="ci-bar" style={series ? { stroke: colour(i) } : undefined} />
            <circle cx={cx(i)} cy={y(r.meanNs)} r={series ? 3 : 4} className="ci-mean" style={series ? { fill: colour(i) } : undefined} />
            {!grouped && i % level.every === 0 && (turned ? (
              <text transform={`translate(${cx(i)},${M.top + PLOT_H + 10}) rotate(-45)`} textAnchor="end" className="axis-label ci-x-label">{names[i]}</text>
            ) : (
              <text x={cx(i)} y={M.top + PLOT_H + 16} textAnchor="middle" className="axis-label ci-x-label">{names[i]}</text>
            ))}
          </g>
        ))}
        {grouped && grouped.rows.map((row, depth) => {
          const top = M.top + PLOT_H + 6 + (depth === 0 ? 0 : innerH + (depth - 1) * ROW_H);
          return row.map((g, n) => (
            <g key={`${depth}-${g.from}`} data-testid={`ci-group-row-${depth}`}>
              {depth > 0 && <line x1={(x(g.from) ?? 0) + 2} x2={(x(g.to) ?? 0) + x.bandwidth() - 2} y1={top + 1} y2={top + 1} className="grid-line" />}
              {depth === 0 && innerTurned ? (
                <text transform={`translate(${spanMid(g)},${top + 4}) rotate(-45)`} textAnchor="end" className="axis-label ci-x-label">{g.label}</text>
              ) : (
                <text x={spanMid(g)} y={top + LINE_PX + (depth === 0 && inner === "staggered" && n % 2 ? ROW_H - 4 : 0)} textAnchor="middle" className={`axis-label ci-x-label${depth > 0 ? " ci-group-label" : ""}`}>{g.label}</text>
              )}
            </g>
          ));
        })}
      </svg>
      {hover && (
        <Tooltip x={cx(hoverIndex)} y={y(hover.meanNs)} containerWidth={width}>
          <div className="tt-title">{labelOf(hover.pointNo)}</div>
          <div>mean {formatNs(hover.meanNs)}</div>
          <div>95% CI {formatCi(hover.lowNs, hover.highNs)} (±{hover.halfWidthPct.toFixed(2)} %)</div>
          <div className="muted">{formatCount(hover.calls)} calls</div>
        </Tooltip>
      )}
    </div>
  );
}
