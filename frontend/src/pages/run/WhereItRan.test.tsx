// The run page's "Where it ran": the collapsed line, both agents side by side, the series link, and older runs.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import type { Run } from "../../api/types";
import { runFixture } from "../../test/fakeApi";
import { environmentFixture, SERIES_KEY } from "../../test/seriesFixtures";
import { WhereItRan } from "./WhereItRan";

function renderRun(over: Record<string, unknown>) {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <WhereItRan run={runFixture({ status: "done", ...over }) as unknown as Run} />
    </MemoryRouter>,
  );
}

describe("WhereItRan", () => {
  it("says in one line where the run ran and unfolds both agents' fingerprints, shared values once", () => {
    renderRun({ environment: environmentFixture, series_key: SERIES_KEY });
    const section = screen.getByTestId("where-it-ran");
    expect(screen.getByTestId("where-it-ran-line")).toHaveTextContent("vm · AMD EPYC × 2 cores (x86_64) · kernel 6.18.44-fc-v782 · link loopback · one machine");
    expect(section).not.toHaveAttribute("open");
    fireEvent.click(within(section).getByText("Where it ran:"));
    const table = screen.getByTestId("env-table");
    expect(table).toHaveTextContent("client · local-a");
    expect(screen.getByTestId("env-kernel").querySelectorAll("td")).toHaveLength(1); // the same on both: one cell
    const freq = screen.getByTestId("env-frequency").querySelectorAll("td");
    expect([...freq].map((td) => td.textContent)).toEqual(["not reported", "governor performance · turbo off (acpi-cpufreq)"]);
    expect(screen.getByTestId("env-agent")).toHaveTextContent("v0.1.0 · fa9a64c6f005 · cc -O2 -g");
    expect(screen.getByTestId("env-link")).toHaveTextContent("loopback · both agents on one machine");
    expect(screen.getByTestId("run-series-link").getAttribute("href")).toBe(`/series/${SERIES_KEY}`);
  });

  it("says a run from before environments has none", () => {
    renderRun({ environment: {}, series_key: null });
    expect(screen.getByTestId("where-it-ran")).toHaveTextContent("Where it ran: not recorded (launched before the lab recorded environments)");
    expect(screen.queryByTestId("run-series-link")).toBeNull();
  });
});
