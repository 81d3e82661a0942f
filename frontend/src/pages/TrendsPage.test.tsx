// The Series and Trends pages: the list, the trend's charts with the baseline and change markers, the change's
// sentence and Compare link, "Set as baseline" for operators and why viewers have none, empty and error states.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { SessionProvider } from "../auth/session";
import { SeriesPage } from "./SeriesPage";
import { TrendsPage } from "./TrendsPage";
import { installFakeFetch, runFixture } from "../test/fakeApi";
import { SERIES_KEY, seriesFixture, seriesRunsFixture, trendFixture } from "../test/seriesFixtures";

type Handler = Parameters<typeof installFakeFetch>[0][number];

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

function renderAt(path: string, session = false) {
  const routes = (
    <Routes>
      <Route path="/series" element={<SeriesPage />} />
      <Route path="/series/:key" element={<TrendsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
  render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      {session ? <SessionProvider>{routes}</SessionProvider> : routes}
      <Where />
    </MemoryRouter>,
  );
}

const seriesApi = (over: { trend?: unknown; series?: unknown } = {}): Handler[] => [
  ({ url, method }) => (url === `/api/series/${SERIES_KEY}` && method === "GET" ? { body: over.series ?? seriesFixture } : undefined),
  ({ url }) => (url === `/api/series/${SERIES_KEY}/trend` ? { body: over.trend ?? trendFixture } : undefined),
  ({ url }) => (url.startsWith(`/api/series/${SERIES_KEY}/runs`) ? { body: seriesRunsFixture } : undefined),
  ({ url }) => (url === "/api/runs/9" ? { body: runFixture({ id: 9, kind: "rpc", params: { points: [{ point_no: 0, request_bytes: 0, threads: 1 }] } }) } : undefined),
];
const meAs = (role: string): Handler => ({ url }) => (url === "/api/auth/me" ? { body: { id: 7, name: `${role}1`, role } } : undefined);

describe("TrendsPage", () => {
  it("draws RTT and the lead step against run order with the baseline and the change markers", async () => {
    installFakeFetch(seriesApi());
    renderAt(`/series/${SERIES_KEY}`);
    const rtt = await screen.findByTestId("trend-rtt-chart");
    expect(rtt.querySelectorAll('[data-series="mean"] circle')).toHaveLength(8);
    expect(rtt.querySelectorAll('[data-series="mean"] .error-bar')).toHaveLength(8); // the 95 % interval's whiskers
    expect(rtt.querySelectorAll('[data-series="p99"] circle')).toHaveLength(8);
    expect(rtt.querySelector(".baseline-mark")?.getAttribute("data-x")).toBe("2");
    const markers = [...rtt.querySelectorAll(".change-marker")].map((m) => m.getAttribute("data-run"));
    expect(markers).toEqual(["3", "6"]);
    expect(rtt.querySelector('.change-marker[data-run="6"] title')?.textContent).toMatch(/^c\.marshal \+321\.3 µs, 56\.2 % of the call \(6 ns → 321\.3 µs\)/);
    expect(rtt.textContent).toContain("#6"); // run ids under the x axis
    // the step chart opens on the step that moved most, with only its own change marker
    expect(screen.getByTestId("trend-step-select")).toHaveValue("c.marshal");
    const step = screen.getByTestId("trend-step-chart");
    expect([...step.querySelectorAll(".change-marker")].map((m) => m.getAttribute("data-run"))).toEqual(["6"]);
    fireEvent.change(screen.getByTestId("trend-step-select"), { target: { value: "c.wait" } });
    expect(screen.getByTestId("trend-step-chart").querySelectorAll(".change-marker")).toHaveLength(1);
    expect(screen.getByTestId("trend-step-chart").getAttribute("aria-label")).toMatch(/^c\.wait/);
    expect(screen.getByTestId("series-facts")).toHaveTextContent("9 runs (8 done and analysed)");
  });

  it("reads each run's values with the arrow keys, its id and date first", async () => {
    installFakeFetch(seriesApi());
    renderAt(`/series/${SERIES_KEY}`);
    const rtt = await screen.findByTestId("trend-rtt-chart");
    fireEvent.keyDown(rtt, { key: "ArrowRight" });
    fireEvent.keyDown(rtt, { key: "ArrowRight" });
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveTextContent(/run #2 · 2026-11-28 \d\d:07:25 · baseline/);
    expect(tip).toHaveTextContent("mean (95 % CI): 44.8 µs (31.5 µs – 62.9 µs)");
    expect(tip).toHaveTextContent("p99: 627.8 µs");
  });

  it("says which steps moved at each change point and links to Compare the two runs", async () => {
    installFakeFetch(seriesApi());
    renderAt(`/series/${SERIES_KEY}`);
    const change = await screen.findByTestId("trend-change-6");
    expect(change).toHaveTextContent("c.marshal +321.3 µs, 56.2 % of the call (6 ns → 321.3 µs), RTT +876.2 % (52.7 → 514.1 µs), c.wait +388.8 % (21.9 → 107.0 µs), and 1 more step at run 6");
    fireEvent.click(within(change).getByRole("link", { name: "compare #5 with #6" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/compare?a=5&b=6");
  });

  it("lets an operator set a baseline (PUT) and draws the new one", async () => {
    let baseline = 2;
    const { calls } = installFakeFetch([
      meAs("operator"),
      ({ url, method }) => {
        if (url !== `/api/series/${SERIES_KEY}/baseline` || method !== "PUT") return undefined;
        baseline = 7;
        return { body: { ...seriesFixture, baseline_run_id: 7 } };
      },
      ({ url, method }) => (url === `/api/series/${SERIES_KEY}` && method === "GET" ? { body: { ...seriesFixture, baseline_run_id: baseline } } : undefined),
      ({ url }) => (url.startsWith(`/api/series/${SERIES_KEY}/runs`)
        ? { body: seriesRunsFixture.map((r) => ({ ...r, baseline: r.id === baseline })) } : undefined),
      ...seriesApi(),
    ]);
    renderAt(`/series/${SERIES_KEY}`, true);
    const row = await screen.findByTestId("series-run-7");
    expect(within(screen.getByTestId("series-run-2")).getByTestId("baseline-chip")).toBeInTheDocument();
    // a running run cannot be the baseline: the button says why
    const running = within(screen.getByTestId("series-run-9")).getByRole("button", { name: "Set as baseline" });
    expect(running).toBeDisabled();
    expect(running.getAttribute("title")).toBe("only a done run can be the baseline (this one is running)");
    fireEvent.click(within(row).getByRole("button", { name: "Set as baseline" }));
    await waitFor(() => expect(screen.getByTestId("trend-rtt-chart").querySelector(".baseline-mark")?.getAttribute("data-x")).toBe("7"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ run_id: 7, through_run_id: null });
    expect(within(screen.getByTestId("series-run-7")).getByTestId("baseline-chip")).toBeInTheDocument();
    expect(screen.queryByTestId("baseline-needs-operator")).toBeNull();
  });

  it("sets a baseline range from the baseline's run through a later one and shades it", async () => {
    let through: number | null = null;
    const { calls } = installFakeFetch([
      meAs("operator"),
      ({ url, method, body }) => {
        if (url !== `/api/series/${SERIES_KEY}/baseline` || method !== "PUT") return undefined;
        through = (body as { through_run_id: number }).through_run_id;
        return { body: { ...seriesFixture, baseline_through_run_id: through, baseline_runs: 4 } };
      },
      ({ url, method }) => (url === `/api/series/${SERIES_KEY}` && method === "GET"
        ? { body: { ...seriesFixture, baseline_through_run_id: through, baseline_runs: through ? 4 : 1 } } : undefined),
      ({ url }) => (url.startsWith(`/api/series/${SERIES_KEY}/runs`)
        ? { body: seriesRunsFixture.map((r) => ({ ...r, baseline: r.id === 2 || (through !== null && r.id >= 2 && r.id <= through) })) }
        : undefined),
      ...seriesApi(),
    ]);
    renderAt(`/series/${SERIES_KEY}`, true);
    const button = await screen.findByTestId("baseline-through-5");
    expect(screen.queryByTestId("baseline-through-2")).toBeNull();  // the baseline itself: nothing to extend
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId("trend-rtt-chart").querySelector(".baseline-mark")?.getAttribute("data-to")).toBe("5"));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ run_id: 2, through_run_id: 5 });
    expect(screen.getByTestId("trend-rtt-chart").querySelector(".baseline-mark")).toHaveTextContent("baseline range");
    for (const id of [2, 3, 4, 5]) expect(within(screen.getByTestId(`series-run-${id}`)).getByTestId("baseline-chip")).toBeInTheDocument();
    expect(within(screen.getByTestId("series-run-6")).queryByTestId("baseline-chip")).toBeNull();
    expect(screen.getByTestId("series-facts")).toHaveTextContent("4 done runs: their spread is the checks' noise");
  });

  it("shows the backend's reason when setting the baseline fails", async () => {
    installFakeFetch([
      meAs("operator"),
      ({ url, method }) => (url.endsWith("/baseline") && method === "PUT" ? { status: 409, body: { detail: "run 7 is failed: a baseline must be a done run" } } : undefined),
      ...seriesApi(),
    ]);
    renderAt(`/series/${SERIES_KEY}`, true);
    const row = await screen.findByTestId("series-run-7");
    fireEvent.click(within(row).getByRole("button", { name: "Set as baseline" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Run #7: run 7 is failed: a baseline must be a done run");
  });

  it("gives a viewer no baseline buttons and says which role it needs", async () => {
    installFakeFetch([meAs("viewer"), ...seriesApi()]);
    renderAt(`/series/${SERIES_KEY}`, true);
    expect(await screen.findByTestId("baseline-needs-operator")).toHaveTextContent("Setting the baseline needs the operator role; you are viewer1 (viewer).");
    expect(screen.queryByRole("button", { name: "Set as baseline" })).toBeNull();
    expect(within(screen.getByTestId("series-run-6")).getByRole("link", { name: "compare with baseline" }).getAttribute("href")).toBe("/compare?a=2&b=6");
  });

  it("explains a series with no analysed run yet, and one too short for change points", async () => {
    installFakeFetch(seriesApi({ trend: { ...trendFixture, runs: [], change_points: [] } }));
    renderAt(`/series/${SERIES_KEY}`);
    expect(await screen.findByText(/No run of this series is done and analysed yet/)).toBeInTheDocument();
    expect(screen.getByTestId("series-runs")).toBeInTheDocument(); // its runs are still listed
  });

  it("says change points need four runs when there are three", async () => {
    installFakeFetch(seriesApi({ trend: { ...trendFixture, runs: trendFixture.runs.slice(0, 3), change_points: [] } }));
    renderAt(`/series/${SERIES_KEY}`);
    expect(await screen.findByTestId("trend-changes-none")).toHaveTextContent("Change points need at least 4 analysed runs (two on each side of a change); this series has 3.");
  });

  it("says so when no change point was found", async () => {
    installFakeFetch(seriesApi({ trend: { ...trendFixture, change_points: [] } }));
    renderAt(`/series/${SERIES_KEY}`);
    expect(await screen.findByTestId("trend-changes-none")).toHaveTextContent("No change point: no step's mean moved beyond the series' run-to-run noise.");
    expect(screen.getByTestId("trend-rtt-chart").querySelectorAll(".change-marker")).toHaveLength(0);
  });

  it("names an unknown series", async () => {
    installFakeFetch([]);
    renderAt(`/series/${"0".repeat(32)}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(`No such seriesNo run belongs to series ${"0".repeat(32)}.`);
  });

  it("refuses a key that is not 32 hex digits without asking the backend", async () => {
    const { calls } = installFakeFetch([]);
    renderAt("/series/nothex");
    expect(await screen.findByRole("alert")).toHaveTextContent("A series key is 32 hexadecimal digits; “nothex” is not one.");
    expect(calls).toHaveLength(0);
  });

  it("offers Retry when the backend fails", async () => {
    installFakeFetch([({ url }) => (url.startsWith("/api/series/") ? { status: 500, body: { detail: "database unavailable" } } : undefined)]);
    renderAt(`/series/${SERIES_KEY}`);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the series");
    expect(alert).toHaveTextContent("database unavailable");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});

describe("SeriesPage", () => {
  it("lists each series with its kind, tags, runs, last run and baseline, opening its Trends page", async () => {
    installFakeFetch([({ url }) => (url.startsWith("/api/series?") ? { body: { items: [seriesFixture], total: 1, limit: 200, offset: 0 } } : undefined)]);
    renderAt("/series");
    const row = await screen.findByTestId(`series-row-${SERIES_KEY}`);
    expect(row).toHaveTextContent("rpc udp null vm→vm over loopback");
    expect(row).toHaveTextContent("rpcnightly9#9");
    expect(row).toHaveTextContent("#2");
    fireEvent.click(row);
    expect(screen.getByTestId("where")).toHaveTextContent(`/series/${SERIES_KEY}`);
  });

  it("says how series come to be when there is none", async () => {
    installFakeFetch([({ url }) => (url.startsWith("/api/series?") ? { body: { items: [], total: 0, limit: 200, offset: 0 } } : undefined)]);
    renderAt("/series");
    expect(await screen.findByText(/No series yet\. Every run launched from now on joins the series/)).toBeInTheDocument();
  });
});
