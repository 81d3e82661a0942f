// Figure 2 and Table 2 as drawn: a panel per call kind × policy, flagged markers ringed, a point's numbers on hover,
// and the table's blocks with units and the flags' reasons.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ModelVsMeasured } from "../../api/figures";
import { SERIES_COLORS } from "../common/seriesStyle";
import { Figure2 } from "./Figure2";
import { Table2 } from "./Table2";
import { withPolicy, type PolicyParams } from "./policy";
import { table2, table2Caption } from "./table2";
import fixture from "./case-study.fixture.json";

// the case study's Table 2 as a model_vs_measured result (see figure2.test.ts)
const mvm = fixture.mvm as unknown as ModelVsMeasured;
const rows = withPolicy(mvm.rows, fixture.params.points as PolicyParams[]);

describe("Figure 2 component", () => {
  it("draws a panel per call kind × policy, a series per thread count, flagged markers ringed", () => {
    render(<Figure2 rows={rows} width={900} tolerancePct={10} />);
    const fig = screen.getByTestId("model-chart");
    expect(within(fig).getByText(/shaded: its band \(base point's 95% CI, ± 10 % model tolerance\)/)).toBeTruthy();
    const panels = [...fig.querySelectorAll(".fig2-panel")];
    expect(panels.map((p) => p.querySelector("figcaption")!.textContent)).toEqual([
      "1-packet calls (1392 B), cache per-thread", "1-packet calls (1392 B), cache single · rises with think time",
      "3-packet calls (4016 B), cache per-thread", "3-packet calls (4016 B), cache single · rises with think time"]);
    for (const p of panels) expect([...p.querySelectorAll(".series")].map((g) => g.getAttribute("data-series")!.split("-").pop())).toEqual(["1", "3", "6"]);
    // 6 flagged points per single panel, none under per-thread; every point has its CI bar and every line its band
    expect(panels.map((p) => p.querySelectorAll('.fig2-marker[data-flagged="true"]').length)).toEqual([0, 6, 0, 6]);
    expect(fig.querySelectorAll(".fig2-band")).toHaveLength(12);
    expect(fig.querySelectorAll(".fig2-marker")).toHaveLength(44);
    expect(fig.querySelectorAll(".fig2-marker line")).toHaveLength(44 * 3);
    expect(within(fig).getByText(/flagged: CI outside the band/)).toBeTruthy();
    // thread counts apart in colour and in the model line's dash (colour-blind readers, grey-scale prints), from
    // the one palette, the same in every panel and in the legend
    const models = [...panels[0].querySelectorAll(".fig2-model")];
    const looks = models.map((m) => `${m.getAttribute("stroke")}|${m.getAttribute("stroke-dasharray") ?? ""}`);
    expect(new Set(looks.map((l) => l.split("|")[0])).size).toBe(3);
    expect(new Set(looks.map((l) => l.split("|")[1])).size).toBe(3);
    expect(looks.every((l) => SERIES_COLORS.includes(l.split("|")[0]))).toBe(true);
    expect([...panels[3].querySelectorAll(".fig2-model")].map((m) => `${m.getAttribute("stroke")}|${m.getAttribute("stroke-dasharray") ?? ""}`)).toEqual(looks);
    expect([...fig.querySelectorAll(".fig2-legend .legend-item line")].slice(0, 3).map((l) => `${l.getAttribute("stroke")}|${l.getAttribute("stroke-dasharray") ?? ""}`)).toEqual(looks);
  });

  it("gives a point's numbers on hover, with its slow-start calls and what grew", () => {
    render(<Figure2 rows={rows} width={900} />);
    const single = screen.getByTestId("model-chart").querySelectorAll(".fig2-panel")[1];
    const m = single.querySelectorAll('.series[data-series="single-3"] .fig2-marker')[1];
    fireEvent.mouseEnter(m);
    const tip = screen.getByTestId("fig2-tip").textContent!;
    expect(tip).toContain("cache single · 3 threads · think 3 ms");
    expect(tip).toContain("measured 14.6 ms (95% CI");
    expect(tip).toContain("small-packet (slow-start) calls: 119 of 300");
    expect(tip).toContain("flagged: above band; network +2.9 ms");
    fireEvent.mouseLeave(m);
    expect(screen.queryByTestId("fig2-tip")).toBeNull();
  });
});

describe("Figure 2 bounds and solvers", () => {
  // the fixture with the new per-point fields: bounds under every line, a solver per point, one point not applying
  const solved = rows.map((r) => ({ ...r, solver: "residual" as const, solver_reason: "residual MVA agrees with the simulation within 3%",
    bounds: { lower: r.model * 0.8, upper: r.model * 1.02, throughput_max: 0.2, bottleneck: "network", balanced_lower: r.model * 0.85, balanced_upper: r.model * 1.1 },
    ...(r.policy === "single" && r.threads === 3 && r.think === 3 ? { applies: false, not_applies_reason: "the model does not apply here: busy cores" } : {}) }));

  it("draws each thread count's bounds as thin dotted lines, labelled in the legend; balanced job bounds not drawn", () => {
    render(<Figure2 rows={solved} width={900} />);
    const fig = screen.getByTestId("model-chart");
    // 4 panels × 3 thread counts, a lower and an upper bound each (the upper ones fit here)
    expect(fig.querySelectorAll('.fig2-bound[data-bound="lower"]')).toHaveLength(12);
    expect(fig.querySelectorAll('.fig2-bound[data-bound="upper"]')).toHaveLength(12);
    expect(fig.querySelectorAll(".fig2-bound")).toHaveLength(24); // nothing for the balanced job bounds
    const b = fig.querySelector(".fig2-bound")!;
    expect(b.getAttribute("stroke-dasharray")).toBe("1 3");
    expect(within(fig).getByTestId("fig2-bounds-legend").textContent).toBe(" bounds: asymptotic lower and upper bound per thread count, which no closed system crosses");
    expect(within(fig).getByText(/hollow: the model does not apply there/)).toBeTruthy();
    // the point the model does not apply to: hollow, not ringed, its reason on hover
    const single = fig.querySelectorAll(".fig2-panel")[1];
    expect(single.querySelectorAll('.fig2-marker[data-flagged="true"]')).toHaveLength(5);
    const m = single.querySelectorAll('.series[data-series="single-3"] .fig2-marker')[1];
    expect(m.querySelector(".fig2-na")).not.toBeNull();
    fireEvent.mouseEnter(m);
    const tip = screen.getByTestId("fig2-tip").textContent!;
    expect(tip).toContain("solver residual MVA: residual MVA agrees with the simulation within 3%");
    expect(tip).toContain("model does not apply: busy cores");
    expect(tip).not.toContain("flagged:");
  });

  it("prints the solver and bounds columns and the notes open for the report", () => {
    const blocks = table2(solved);
    render(<Table2 blocks={blocks} caption="" notes="list" testId="t" />);
    const t = screen.getByTestId("t");
    expect([...t.querySelectorAll("thead th")].map((th) => th.textContent)).toContain("Solver");
    expect(t.querySelector("tr.t2-row td.t2-solver")!.textContent).toBe("residual MVA[1]");
    expect(t.querySelector("tr.t2-row td.t2-bounds")!.getAttribute("title")).toMatch(/balanced job bounds .* \(product-form only: they bound exact MVA, not the system\)/);
    expect(document.querySelector("details")).toBeNull();
    expect([...screen.getByTestId("t-notes").querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "residual MVA: residual MVA agrees with the simulation within 3%", "model does not apply: busy cores"]);
    expect(t.querySelector('tr[data-applies="false"]')!.className).not.toContain("row-anomaly");
  });
});

describe("Table 2 component", () => {
  it("prints a block per call kind and policy with units in its headers and the flag's reasons", () => {
    const blocks = table2(rows);
    render(<Table2 blocks={blocks} caption={table2Caption(blocks, { exact: true, flagRule: mvm.flag_rule })} />);
    const t = screen.getByTestId("model-table");
    expect([...t.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual([
      "Threads", "Think (ms)", "Model RTT (ms)", "Exact MVA (ms)", "Measured RTT (ms)", "95% CI (ms)", "% error", "Small-packet calls", "Flag"]);
    expect(t.querySelector("caption")!.textContent).toMatch(/^Model: MVA corrected .* base point, .*point 22/);
    const tb = [...t.querySelectorAll("tbody")];
    expect(tb.map((b) => b.querySelectorAll("tr.t2-row").length)).toEqual([11, 11, 11, 11]);
    // the threads cell spans its think times: 3 thread cells per block
    expect(tb[1].querySelectorAll("td.t2-threads")).toHaveLength(3);
    const r = tb[1].querySelectorAll("tr.t2-row")[4];
    expect(r.className).toContain("row-anomaly");
    expect([...r.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "3", "10.5", "10.9", "14.6", "13.8 – 15.4", "+28.4", "119 / 300",
      "▲ above band; network +2.9 ms, most in request transit (+2.48 ms); slow-start 119/300 calls"]);
    expect(tb[0].querySelectorAll("tr.row-anomaly")).toHaveLength(0);
  });
});
