// The compare page: parameters, RTT statistics and step deltas of two runs, the detected "differs by", a third run as
// C, and bad or missing run ids.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { ComparePage } from "./ComparePage";
import { installFakeFetch, runFixture, summaryFixture } from "../test/fakeApi";

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/compare" element={<ComparePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("ComparePage", () => {
  it("shows parameters, RTT statistics and step deltas of two runs", async () => {
    const slower = { ...summaryFixture, rtt: { ...summaryFixture.rtt, mean_ns: 25_800 } };
    installFakeFetch([
      ({ url }) => (url === "/api/runs/1" ? { body: runFixture({ id: 1, status: "done", name: "small" }) } : undefined),
      ({ url }) => (url === "/api/runs/2" ? { body: runFixture({ id: 2, status: "done", name: "big", params: { ...runFixture().params, response_bytes: 4096, arrival: "poisson", rate_calls_s: 2000 } }) } : undefined),
      ({ url }) => (url === "/api/runs/1/summary" ? { body: summaryFixture } : undefined),
      ({ url }) => (url === "/api/runs/2/summary" ? { body: slower } : undefined),
    ]);
    renderAt("/compare?a=1&b=2");
    const rtt = await screen.findByTestId("compare-rtt");
    const mean = within(rtt).getByText("Mean").closest("tr")!;
    expect(mean).toHaveTextContent("21.5 µs25.8 µs+4.30 µs+20 %");
    const params = screen.getByTestId("compare-params");
    // every parameter is listed; only the response size differs (created and duration are not marked)
    expect(within(params).getByText("Response size").closest("tr")).toHaveTextContent("64 B4,096 Bdiffers");
    expect(within(params).getByText("Request sizes").closest("tr")).toHaveTextContent("64 B64 B");
    expect(within(params).getByText("Request sizes").closest("tr")).not.toHaveTextContent("differs");
    expect(within(params).getAllByText("differs")).toHaveLength(1);
    expect(screen.getByTestId("compare-step-1")).toHaveTextContent("3.00 µs3.00 µs0 ns0.0 %");
    expect(screen.getByTestId("compare-noise")).toHaveTextContent("differ by more than");
    // which latency the statistics are: A closed loop, B open loop but its overall numbers RTT from the actual send
    expect(screen.getByTestId("compare-loop")).toHaveTextContent("closed loopopen loop: RTT from actual send, not latency from intended send");
  });

  it("detects the cache policy as what two runs differ by, and the user can change it", async () => {
    const points = (cache: string) => ({ transport: "udp", calls: 100, warmup_calls: 0, points: [0, 9000].map((think_time_us, point_no) => ({ point_no, request_bytes: 4016, threads: 3, think_time_us, protection: "none", cache })) });
    installFakeFetch([
      ({ url }) => (url === "/api/runs/1" ? { body: runFixture({ id: 1, kind: "rpc", status: "done", params: points("per-thread") }) } : undefined),
      ({ url }) => (url === "/api/runs/2" ? { body: runFixture({ id: 2, kind: "rpc", status: "done", params: points("single") }) } : undefined),
      ({ url }) => (url.endsWith("/summary") ? { body: summaryFixture } : undefined),
    ]);
    renderAt("/compare?a=1&b=2");
    const by = await screen.findByTestId("compare-differs-by");
    expect(within(by).getByLabelText("cache policy")).toBeChecked();
    expect(within(by).getByLabelText("threads")).not.toBeChecked();
    expect(screen.getByTestId("compare-paired-on")).toHaveTextContent("pair points with the same request size, threads, think time, protection (detected");
    expect(screen.getByTestId("compare-param-cache")).toHaveTextContent("per-threadsinglediffers");
    expect(screen.getByTestId("compare-param-think_time_us")).toHaveTextContent("none, 9 msnone, 9 ms");
    fireEvent.click(within(by).getByLabelText("cache policy"));
    expect(screen.getByTestId("compare-paired-on")).toHaveTextContent("same request size, threads, think time, protection, cache policy.");
    fireEvent.click(within(by).getByRole("button", { name: "as detected" }));
    expect(within(by).getByLabelText("cache policy")).toBeChecked();
    // two-point sweeps: no means pooled over points of different think times (issue 37, item 4), pairs instead
    expect(screen.queryByTestId("compare-rtt")).toBeNull();
    expect(screen.queryByTestId("compare-noise")).toBeNull();
    expect(screen.queryByTestId("compare-steps")).toBeNull();
    expect(screen.getByTestId("compare-not-pooled")).toHaveTextContent(/^A has 2 points, B has 2 points: a mean over all of a run's calls would average points/);
  });

  it("overlays a third run's RTT per point and lists its parameters as C", async () => {
    const points = (protection: string) => ({ transport: "udp", calls: 100, warmup_calls: 0, points: [0, 9000].map((think_time_us, point_no) => ({ point_no, request_bytes: 4016, threads: 3, think_time_us, protection, cache: "single" })) });
    const dist = (m: number) => ({ count: 100, mean_ns: m, median_ns: m, p90_ns: m, p99_ns: m, stddev_ns: 10, ci95_low_ns: m - 50, ci95_high_ns: m + 50 });
    const stats = { points: [0, 1].map((point_no) => ({ point_no, calls: 100, rtt: dist(10_000 * (point_no + 1)), steps: [], first_call: null })) };
    installFakeFetch([
      ...[["1", "none"], ["2", "pkt"], ["3", "privacy"]].map(([id, prot]) => ({ url }: { url: string }) => (url === `/api/runs/${id}` ? { body: runFixture({ id: Number(id), kind: "rpc", status: "done", params: points(prot) }) } : undefined)),
      ({ url }) => (url.endsWith("/summary") ? { body: summaryFixture } : undefined),
      ({ url }) => (url.endsWith("/analyses/step_stats") ? { body: stats } : undefined),
    ]);
    renderAt("/compare?a=1&b=2&more=3");
    expect(await screen.findByTestId("compare-param-protection")).toHaveTextContent("nonepktprivacydiffers");
    const chart = await screen.findByTestId("compare-overlay-chart");
    expect(chart.querySelectorAll(".series")).toHaveLength(3);
    const key = screen.getByTestId("compare-overlay-key").querySelectorAll("tbody tr");
    expect(key).toHaveLength(2);
    expect(key[1]).toHaveTextContent("4,016 B · 3 threads · think 9 ms · single cache");
    expect(key[1]).toHaveTextContent("protection none ↔ protection pkt ↔ protection privacy");
  });

  it("warns when the runs' environments differ, naming each field with both values and whether the class differs", async () => {
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/runs/2/environment-diff?against=1" ? { body: {
        run_id: 2, against_run_id: 1, recorded: true, same_class: false, differences: [
          { field: "server.kernel", a: "6.1.0", b: "6.9.2", class_field: true },
          { field: "client.agent_build.git_hash", a: "fa9a64c6f005", b: "0badc0ffee12", class_field: false },
          { field: "client.turbo", a: null, b: true, class_field: true },
        ] } } : undefined),
      ({ url }) => (/^\/api\/runs\/[12]$/.test(url) ? { body: runFixture({ id: Number(url.slice(-1)), status: "done" }) } : undefined),
      ({ url }) => (url.endsWith("/summary") ? { body: summaryFixture } : undefined),
    ]);
    renderAt("/compare?a=1&b=2");
    const warning = await screen.findByTestId("compare-env-warning");
    expect(warning).toHaveTextContent("A and B ran in different environment classes (2 of the 3 differing fields define the class)");
    const fields = within(warning).getAllByTestId("compare-env-field").map((li) => li.textContent);
    expect(fields).toEqual([
      "server kernel: 6.1.0 (A) → 6.9.2 (B)environment class",
      "client agent git hash: fa9a64c6f005 (A) → 0badc0ffee12 (B)",
      "client turbo: not reported (A) → on (B)environment class",
    ]);
    // B's diff against A: one question to the backend, whose environment_diff the check uses too
    expect(calls.filter((c) => c.url.includes("environment-diff")).map((c) => c.url)).toEqual(["/api/runs/2/environment-diff?against=1"]);
  });

  it("says a new agent build alone keeps the runs in one environment class, and says so when all is alike", async () => {
    const answer = (differences: unknown[]) => [
      ({ url }: { url: string }) => (url.includes("/environment-diff") ? { body: { run_id: 2, against_run_id: 1, recorded: true, same_class: true, differences } } : undefined),
      ({ url }: { url: string }) => (/^\/api\/runs\/[12]$/.test(url) ? { body: runFixture({ status: "done" }) } : undefined),
      ({ url }: { url: string }) => (url.endsWith("/summary") ? { body: summaryFixture } : undefined),
    ];
    installFakeFetch(answer([{ field: "client.agent_build.git_hash", a: "aaa", b: "bbb", class_field: false }]));
    const { unmount } = render(
      <MemoryRouter initialEntries={["/compare?a=1&b=2"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes><Route path="/compare" element={<ComparePage />} /></Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId("compare-env-warning")).toHaveTextContent("A and B ran in the same environment class, but 1 field differs (the agent's build or host");
    unmount();
    installFakeFetch(answer([]));
    renderAt("/compare?a=1&b=2");
    expect(await screen.findByTestId("compare-env-same")).toHaveTextContent("Both runs ran in the same environment");
    expect(screen.queryByTestId("compare-env-warning")).toBeNull();
  });

  it("explains a link without two run ids and reports a missing run", async () => {
    renderAt("/compare?a=1");
    expect(screen.getByText(/Pick two runs/)).toBeInTheDocument();
  });

  it("reports a run that does not exist", async () => {
    installFakeFetch([]);
    renderAt("/compare?a=1&b=99");
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the runs");
  });
});
