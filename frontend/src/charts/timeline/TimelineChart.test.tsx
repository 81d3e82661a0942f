// The timeline chart opens on the first calls and gives the statistics of a shift-dragged range.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { TimelineData } from "../../api/types";
import { MARGIN } from "./render";
import { timelineOf } from "./syntheticTimeline";
import { TimelineChart } from "./TimelineChart";

/** 100 back-to-back calls of 1,000 ns from 0: c.send the first 100 ns, c.wait the rest. */
function data(n = 100): TimelineData {
  return timelineOf({
    n,
    start: (c) => c * 1000,
    rtt: () => 1000,
    spans: () => [[1, 0, 100], [2, 100, 1000]],
    codes: [{ code: 1, name: "c.send", side: "client", paper: "C8" }, { code: 2, name: "c.wait", side: "client", paper: "" }],
  });
}

describe("TimelineChart", () => {
  it("opens on the first calls and gives the statistics of a shift-dragged range", () => {
    render(<TimelineChart data={data()} width={1000 + MARGIN.left + MARGIN.right} height={400} />);
    expect(screen.getByTestId("timeline-window")).toHaveTextContent(/calls 1[0-4] of 100 shown/);
    expect(screen.queryByTestId("timeline-selection")).toBeNull();
    const canvas = screen.getByTestId("timeline-canvas");
    const window = screen.getByTestId("timeline-window").textContent!;
    const ns = Number(/window ([\d.]+) µs/.exec(window)![1]) * 1000; // the opening window's width
    // drag over the whole plot with shift: everything in view is inside
    const at = (x: number) => ({ clientX: MARGIN.left + x, clientY: MARGIN.top + 50, button: 0 });
    fireEvent.mouseDown(canvas, { ...at(0), shiftKey: true });
    fireEvent.mouseMove(canvas, at(1000));
    fireEvent.mouseUp(canvas, at(1000));
    const sel = screen.getByTestId("timeline-selection");
    const calls = Math.floor(ns / 1000);
    expect(within(sel).getByTestId("selection-calls")).toHaveTextContent(new RegExp(`calls \\(RTT\\)${calls}1.00 µs1.00 µs1.00 µs`));
    const steps = within(sel).getAllByTestId("selection-step");
    expect(steps.map((r) => r.textContent)).toEqual([`c.waitclient${calls}900 ns900 ns900 ns`, expect.stringMatching(/^c\.sendclient\d+100 ns100 ns100 ns$/)]);
    // Escape clears it
    fireEvent.keyDown(canvas, { key: "Escape" });
    expect(screen.queryByTestId("timeline-selection")).toBeNull();
  });

  it("marks calls with retransmissions: a legend entry and a tooltip line", () => {
    const clean = render(<TimelineChart data={data()} width={1000 + MARGIN.left + MARGIN.right} height={400} />);
    expect(screen.queryByTestId("timeline-retransmit-legend")).toBeNull();
    clean.unmount();
    const d = data();
    (d.calls.retransmits as number[])[0] = 2;
    render(<TimelineChart data={d} width={1000 + MARGIN.left + MARGIN.right} height={400} />);
    expect(screen.getByTestId("timeline-retransmit-legend")).toHaveTextContent("call with retransmissions");
    const canvas = screen.getByTestId("timeline-canvas");
    fireEvent.mouseMove(canvas, { clientX: MARGIN.left + 20, clientY: MARGIN.top + 3 }); // call #0's row
    expect(screen.getByTestId("tt-retransmits")).toHaveTextContent(/^2 retransmissions$/);
    fireEvent.mouseMove(canvas, { clientX: MARGIN.left + 20, clientY: MARGIN.top + 390 }); // a later call: none
    expect(screen.queryByTestId("tt-retransmits")).toBeNull();
  });
});
