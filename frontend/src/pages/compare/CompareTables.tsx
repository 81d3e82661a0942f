// Compare page: the figures read as tables — round trip path (Table 2), model vs measured and statistics — with
// both runs side by side and their deltas.
import { useState } from "react";
import { errorClass } from "../../charts/rtp/rtpLayout";
import { DataTable } from "../../components/DataTable";
import { Panel } from "../../components/States";
import { formatNs } from "../../format";
import { lacking, type SideFigures } from "../../figures/compareData";
import { Missing } from "./CompareCharts";
import { DeltaNs } from "./DeltaCells";
import { modelDeltas, ratioRows, segmentDeltas, table2Sides } from "./figureDeltas";
import type { PointParam } from "./pairing";
import { noPairText, PairSelect, pairWords, sidePairs, UnpairedNote } from "./PointPairs";

const pctText = (v: number | null) => (v === null ? "—" : `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(1)} %`);

/** Figure 5 / Table 2 of both runs for a matched point: calculated, measured, % error, and each on-path segment. */
export function RtpCompare({ A, B, differsBy }: { A: SideFigures; B: SideFigures; differsBy: PointParam[] }) {
  const [sel, setSel] = useState(0);
  const pa = A.rtp.data?.points ?? [];
  const pb = B.rtp.data?.points ?? [];
  const { pairs, unpaired } = sidePairs(A.run, B.run, pa.map((p) => p.point_no), pb.map((p) => p.point_no), differsBy);
  const why = lacking([
    { name: "A", id: A.run.id, reason: A.rtp.reason ?? (pa.length ? null : "no point has a round trip path") },
    { name: "B", id: B.run.id, reason: B.rtp.reason ?? (pb.length ? null : "no point has a round trip path") },
  ]) ?? (pairs.length ? null : noPairText(differsBy));
  return (
    <Panel title="Round trip path" actions={<span className="muted small">DCE RPC paper, Figure 5 and Table 2 · both runs</span>}>
      {why ? <Missing testId="compare-rtp-empty" what="round trip path" text={why} /> : (() => {
        const pair = pairs[Math.min(sel, pairs.length - 1)];
        const a = pa.find((p) => p.point_no === pair.a)!;
        const b = pb.find((p) => p.point_no === pair.b)!;
        const t = table2Sides(a, b);
        const segs = segmentDeltas(a, b);
        return (
          <div className="panel-pad">
            <PairSelect pairs={pairs} A={A.run} B={B.run} differsBy={differsBy} value={Math.min(sel, pairs.length - 1)} onChange={setSel} label="Point pair" />
            <div className="figure-split">
              <div className="figure-main table-scroll">
                <table className="table" data-testid="compare-rtp-table2">
                  <caption className="muted small">Table 2 side by side — A point {pair.a}, B point {pair.b} ({pairWords(pair, A.run, B.run, differsBy)})</caption>
                  <thead><tr><th /><th className="num">A</th><th className="num">B</th><th className="num">Δ (B − A)</th><th className="num">Δ %</th></tr></thead>
                  <tbody>
                    {[t.calculated, t.untimed, t.measured].map((r) => <tr key={r.key}><th scope="row">{r.label}</th><DeltaNs row={r} /></tr>)}
                    <tr data-testid="compare-rtp-error">
                      <th scope="row">% error (measured − calculated) / measured</th>
                      <td className={`num err-${errorClass(t.errorA)}`}>{pctText(t.errorA)}</td>
                      <td className={`num err-${errorClass(t.errorB)}`}>{pctText(t.errorB)}</td>
                      <td className="num" title="percentage points">{t.errorA === null || t.errorB === null ? "—" : (t.errorB - t.errorA >= 0 ? "+" : "−") + Math.abs(t.errorB - t.errorA).toFixed(1) + " pp"}</td>
                      <td />
                    </tr>
                  </tbody>
                </table>
              </div>
              <div className="figure-table">
                <DataTable testId="compare-rtp-segments" columns={[{ label: "on-path segment" }, { label: "A" }, { label: "B" }, { label: "Δ (B − A)" }, { label: "Δ %" }]}>
                  {segs.map((s) => (
                    <tr key={s.key} title={`on the path in ${s.shareA === null ? "—" : Math.round(s.shareA * 100) + " %"} of A's calls, ${s.shareB === null ? "—" : Math.round(s.shareB * 100) + " %"} of B's`}>
                      <td><code>{s.label}</code> <span className="muted small">{s.kind}</span></td>
                      <DeltaNs row={s} />
                    </tr>
                  ))}
                </DataTable>
                <p className="muted small">Mean time on the path per call; — : off the path in that run.</p>
              </div>
            </div>
            <UnpairedNote unpaired={unpaired} testId="compare-rtp-unpaired" />
          </div>
        );
      })()}
    </Panel>
  );
}

/** Case study Table 2 of both runs: measured RTT and the MVA model's % error per (call kind, threads, think). */
export function ModelCompare({ A, B }: { A: SideFigures; B: SideFigures }) {
  const why = lacking([{ name: "A", id: A.run.id, reason: A.model.reason }, { name: "B", id: B.run.id, reason: B.model.reason }]);
  return (
    <Panel title="Model vs measured" actions={<span className="muted small">case study, Table 2 · % error = (measured − model) / measured</span>}>
      {why ? <Missing testId="compare-model-empty" what="model vs measured" text={why} /> : (
        <div className="panel-pad table-scroll">
          <DataTable testId="compare-model-table" columns={[{ label: "call" }, { label: "threads" }, { label: "think" }, { label: "A measured" }, { label: "B measured" }, { label: "Δ (B − A)" }, { label: "Δ %" }, { label: "A error" }, { label: "B error" }]}>
            {modelDeltas(A.model.data!.rows, B.model.data!.rows).map((r) => (
              <tr key={r.key}>
                <td>{r.label}</td>
                <td className="num">{r.threads}</td>
                <td className="num">{r.think} ms</td>
                <DeltaNs row={{ ...r.measured, a: r.measured.a === null ? null : r.measured.a * 1e6, b: r.measured.b === null ? null : r.measured.b * 1e6, delta: r.measured.delta === null ? null : r.measured.delta * 1e6 }} />
                <td className="num">{pctText(r.errorA)}</td>
                <td className="num">{pctText(r.errorB)}</td>
              </tr>
            ))}
          </DataTable>
          <p className="muted small">Mean error: A {A.model.data!.mean_percent_error.toFixed(1)} %, B {B.model.data!.mean_percent_error.toFixed(1)} %; — : the run has no such row.</p>
        </div>
      )}
    </Panel>
  );
}

const fmt = (v: number | null | undefined, d = 3) => (v === null || v === undefined || !Number.isFinite(v) ? "—" : v.toLocaleString("en-US", { maximumFractionDigits: d }));
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b !== null && b !== undefined ? b / a : null);

/** Statistics of both runs: B ÷ A of each matched point's mean RTT with its CI range, ANOVA and regression. */
export function StatisticsCompare({ A, B, differsBy }: { A: SideFigures; B: SideFigures; differsBy: PointParam[] }) {
  const why = lacking([{ name: "A", id: A.run.id, reason: A.stats.reason }, { name: "B", id: B.run.id, reason: B.stats.reason }]);
  const sa = A.stats.data?.points ?? [];
  const sb = B.stats.data?.points ?? [];
  const { pairs, unpaired } = sidePairs(A.run, B.run, sa.map((p) => p.point_no), sb.map((p) => p.point_no), differsBy);
  const rows = why ? [] : ratioRows(pairs, sa, sb);
  const ea = A.ecs.data;
  const eb = B.ecs.data;
  return (
    <Panel title="Statistics" actions={<span className="muted small">mean RTT ratios B ÷ A per point, ANOVA and regression side by side</span>}>
      {why ? <Missing testId="compare-stats-empty" what="statistics" text={why} /> : rows.length === 0 ? (
        <Missing testId="compare-stats-empty" what="ratios" text={noPairText(differsBy)} />
      ) : (
        <div className="panel-pad table-scroll">
          <table className="table" data-testid="compare-ratio-table">
            <thead><tr><th>point (A ↔ B)</th><th className="num">A mean</th><th className="num">B mean</th><th className="num">B ÷ A</th><th className="num">range from the 95% CIs</th><th>reading</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <td>{pairWords({ a: r.pointA, b: r.pointB, key: r.key }, A.run, B.run, differsBy)}</td>
                  <td className="num">{formatNs(r.meanA)}</td>
                  <td className="num">{formatNs(r.meanB)}</td>
                  <td className="num strong" title={`${r.ratio}`}>{r.ratio.toFixed(3)}×</td>
                  <td className="num">{r.ratioLow === null ? "—" : `${r.ratioLow.toFixed(3)}×`} – {r.ratioHigh === null ? "—" : `${r.ratioHigh.toFixed(3)}×`}</td>
                  <td className="small">{r.separate ? (r.ratio > 1 ? "B slower: the intervals do not overlap" : "B faster: the intervals do not overlap") : "within noise: the intervals overlap"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <UnpairedNote unpaired={unpaired} testId="compare-stats-unpaired" />
          <table className="table" data-testid="compare-anova">
            <caption className="muted small">ANOVA of RTT across sizes and regression of RTT on size (— : the run has one size)</caption>
            <thead><tr><th /><th className="num">A</th><th className="num">B</th><th className="num">B ÷ A</th></tr></thead>
            <tbody>
              <tr><th scope="row">ANOVA F</th><td className="num">{fmt(ea?.anova?.f)}</td><td className="num">{fmt(eb?.anova?.f)}</td><td className="num">{fmt(ratio(ea?.anova?.f, eb?.anova?.f))}</td></tr>
              <tr><th scope="row">ANOVA P</th><td className="num">{fmt(ea?.anova?.p, 6)}</td><td className="num">{fmt(eb?.anova?.p, 6)}</td><td /></tr>
              <tr><th scope="row">slope (ns/B)</th><td className="num">{fmt(ea?.regression?.slope, 4)}</td><td className="num">{fmt(eb?.regression?.slope, 4)}</td><td className="num">{fmt(ratio(ea?.regression?.slope, eb?.regression?.slope))}</td></tr>
              <tr><th scope="row">R²</th><td className="num">{fmt(ea?.regression?.r2, 4)}</td><td className="num">{fmt(eb?.regression?.r2, 4)}</td><td /></tr>
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
