// The live RTT chart: waiting before the first calls, calls with p50/p99 lines and units, points named in the legend,
// tooltips from the keyboard, and the log axis on a spike.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { LiveRttChart } from "./LiveRttChart";
import { callsEvent } from "./testEvents";
import { emptySeries, mergeEvents } from "./transform";
import { pointWords } from "../../figures/pointWords";

const event = (id: number, point: number, from: number, rtts: number[]) => callsEvent(id, point, from, rtts);

describe("LiveRttChart", () => {
  it("says it is waiting before the first calls", () => {
    render(<LiveRttChart series={emptySeries()} width={800} />);
    expect(screen.getByTestId("live-rtt-empty")).toHaveTextContent("Waiting for the first calls…");
  });

  it("draws every sampled call, a p50 and a p99 line per point, with units", () => {
    const s = mergeEvents(emptySeries(), [
      event(1, 0, 0, [20_000, 21_000, 22_000, 40_000]),
      event(2, 0, 4, [20_500, 21_500, 23_000, 30_000]),
      event(3, 1, 8, [60_000, 61_000]),
    ]);
    const { container } = render(<LiveRttChart series={s} width={800} />);
    const dots = [...container.querySelectorAll("path.live-dots")];
    expect(dots).toHaveLength(2);
    expect(dots.map((d) => (d.getAttribute("d") ?? "").split("M").length - 1)).toEqual([8, 2]);
    expect(container.querySelectorAll("path.live-p50")).toHaveLength(2);
    expect(container.querySelector("path.live-p99")?.getAttribute("d")).toMatch(/^M[\d.]+,[\d.]+L/);
    const labels = [...container.querySelectorAll(".axis-label")].map((e) => e.textContent);
    expect(labels).toEqual(expect.arrayContaining(["RTT (µs)", "Time since the first call (s)"]));
    const yTicks = [...container.querySelectorAll(".axis-y .tick text")].map((e) => Number(e.textContent));
    expect(Math.max(...yTicks)).toBeGreaterThanOrEqual(60);
    expect(screen.getByTestId("live-rtt-stats")).toHaveTextContent("10 calls measured");
    expect(screen.getByTestId("live-rtt-stats")).toHaveTextContent("p50 61.0 µs, p99 61.0 µs over 2 calls");
    expect(screen.getByText("point 1")).toBeInTheDocument();
    expect(screen.queryByTestId("live-rtt-empty")).toBeNull();
  });

  it("names the points in its legend by what the page passes (their parameters in words)", () => {
    const s = mergeEvents(emptySeries(), [event(1, 0, 0, [20_000]), event(2, 1, 4, [60_000])]);
    render(<LiveRttChart series={s} width={800} pointLabel={(p) => (p ? "4016 B · 3 threads · think 9 ms" : "4016 B · 1 thread · no think")} />);
    expect(screen.getByText("4016 B · 3 threads · think 9 ms")).toBeInTheDocument();
    expect(screen.getByText("4016 B · 1 thread · no think")).toBeInTheDocument();
    expect(screen.queryByText("point 1")).toBeNull();
  });

  it("gives the exact values of a call in a tooltip, from the keyboard too", () => {
    const s = mergeEvents(emptySeries(), [event(1, 0, 0, [20_000, 21_234, 22_000])]);
    const { container } = render(<LiveRttChart series={s} width={800} />);
    const body = container.querySelector(".chart-body") as HTMLElement;
    fireEvent.keyDown(body, { key: "ArrowRight" });
    fireEvent.keyDown(body, { key: "ArrowRight" });
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveTextContent("Call #1");
    expect(tip).toHaveTextContent("RTT 21.2 µs");
    expect(tip).toHaveTextContent("21,234 ns");
    expect(tip).toHaveTextContent("started 0.001 s after the first call");
    fireEvent.keyDown(body, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("switches to a log axis labelled in plain µs when a spike is 20× the typical call", () => {
    const rtts = Array.from({ length: 50 }, (_, i) => 8_000 + i * 10);
    rtts[20] = 90_000_000;
    const { container } = render(<LiveRttChart series={mergeEvents(emptySeries(), [event(1, 0, 0, rtts)])} width={800} />);
    expect((screen.getByLabelText("log y") as HTMLInputElement).checked).toBe(true);
    const yTicks = [...container.querySelectorAll(".axis-y .tick text")].map((e) => e.textContent);
    expect(yTicks).toEqual(expect.arrayContaining(["10", "100", "1,000", "10,000"]));
    expect(yTicks.every((t) => !/e\+/.test(t ?? ""))).toBe(true);
  });

  it("colours a 48-point sweep by the parameter it varies, keeps its legend short and says which point runs", () => {
    // the case study: 2 sizes x 3 thread counts x 4 think times x 2 caches, in run order
    const points = [1392, 4016].flatMap((b) => [1, 3, 6].flatMap((t) => [0, 3000, 9000, 18000].flatMap((k) =>
      ["per-thread", "single"].map((c) => ({ request_bytes: b, threads: t, think_time_us: k, protection: "none", cache: c })))))
      .map((p, i) => ({ point_no: i, ...p }));
    const s = mergeEvents(emptySeries(), Array.from({ length: 30 }, (_, i) => event(i + 1, i, i * 4, [20_000 + i * 100])));
    const label = (p: number) => pointWords(points[p], points);
    const { container } = render(<LiveRttChart series={s} width={1200} pointLabel={label} runPoints={points} />);
    const legend = screen.getByTestId("live-legend");
    expect(legend).toHaveTextContent("colour: think time");
    const entries = [...legend.querySelectorAll(".legend-item")].map((e) => e.textContent?.trim());
    expect(entries).toEqual(["no think", "think 3 ms", "think 9 ms", "think 18 ms", "p50 of each upload", "p99 of each upload"]);
    expect(screen.getByTestId("live-now")).toHaveTextContent(`Now: ${label(29)} · point 30 of 48`);
    // points of one think time share a colour, points of another do not
    const stroke = (p: number) => container.querySelectorAll("path.live-dots")[p].getAttribute("stroke");
    expect(stroke(0)).toBe(stroke(1)); // no think, per-thread and single cache
    expect(stroke(0)).not.toBe(stroke(2)); // no think vs think 3 ms
  });
});
