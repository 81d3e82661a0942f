// The compare page's figures: overlays across runs, why a run lacks a figure, per-point sections under the chosen
// "differs by", step means of a pair, and the peer clocks panel's empty state.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import type { Run } from "../../api/types";
import rpcRtp from "../../charts/stepLadder/rpc-rtp.fixture.json";
import { installFakeFetch, runFixture } from "../../test/fakeApi";
import { CompareFigures } from "./CompareFigures";
import { PeerClocksPanel } from "../agents/PeerClocksPanel";

const dist = (mean: number) => ({ count: 100, mean_ns: mean, median_ns: mean, p90_ns: mean, p99_ns: mean, stddev_ns: 10, ci95_low_ns: mean - 50, ci95_high_ns: mean + 50 });
const stats = (means: number[]) => ({ points: means.map((m, i) => ({ point_no: i, calls: 100, rtt: dist(m), steps: [], first_call: null })) });
const sweep = { points: [{ point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0 }, { point_no: 1, request_bytes: 4016, threads: 1, think_time_us: 0 }] };

describe("CompareFigures", () => {
  it("overlays a size sweep against a ping-pong's one size, and says which run lacks each figure and why", async () => {
    const A = runFixture({ id: 1, kind: "rpc", status: "done", params: sweep }) as unknown as Run;
    const B = runFixture({ id: 2, status: "done" }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url === "/api/runs/1/analyses/step_stats" ? { body: stats([8000, 20000]) } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/step_stats" ? { body: stats([9000]) } : undefined),
      ({ url }) => (url === "/api/runs/1/analyses/rtp" ? { body: { ...rpcRtp, points: [rpcRtp.points[0], { ...rpcRtp.points[0], point_no: 1 }] } } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/rtp" ? { body: rpcRtp } : undefined),
      ({ url }) => (url.endsWith("/analyses/ecs") ? { body: { available: false, reason: "one thread count only" } } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/model_vs_measured" ? { status: 409, body: { detail: "run 2 is running: analyses are computed when it ends" } } : undefined),
    ]);
    render(<MemoryRouter><CompareFigures A={A} B={B} differsBy={[]} /></MemoryRouter>);
    expect(await screen.findByTestId("compare-rttsize-empty")).toHaveTextContent("run B (#2): one size only (64 B): sweep request sizes to draw this");
    expect(screen.getByTestId("compare-rttsize-empty")).not.toHaveTextContent("run A");
    expect(screen.getByTestId("compare-throughput-empty")).toHaveTextContent("run A (#1): one thread count only; run B (#2): one thread count only");
    // model: A's kind was never computed (404 here), B's run has not ended (409): both named, neither an error
    expect(screen.getByTestId("compare-model-empty")).toHaveTextContent(/run A \(#1\): .*; run B \(#2\): run 2 is running/);
    // A's point 0 (0 B) and B's only point (64 B) do not measure the same thing
    expect(screen.getByTestId("compare-rtp-empty")).toHaveTextContent("no point in common");
    expect(screen.getByTestId("compare-stats-empty")).toHaveTextContent("No ratios to compare — the runs have no point in common");
    expect(screen.getByTestId("compare-point-steps-empty")).toHaveTextContent("no point in common");
  });

  it("pairs two single-point runs on the round trip path and in the ratio table", async () => {
    const A = runFixture({ id: 1, status: "done" }) as unknown as Run;
    const B = runFixture({ id: 2, status: "done", params: { ...runFixture().params, response_bytes: 4096 } }) as unknown as Run;
    const slower = { ...rpcRtp, points: [{ ...rpcRtp.points[0], measured_rtt_ns: rpcRtp.points[0].measured_rtt_ns * 2 }] };
    installFakeFetch([
      ({ url }) => (url === "/api/runs/1/analyses/step_stats" ? { body: stats([10000]) } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/step_stats" ? { body: stats([25000]) } : undefined),
      ({ url }) => (url === "/api/runs/1/analyses/rtp" ? { body: rpcRtp } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/rtp" ? { body: slower } : undefined),
    ]);
    render(<MemoryRouter><CompareFigures A={A} B={B} differsBy={[]} /></MemoryRouter>);
    const t2 = await screen.findByTestId("compare-rtp-table2");
    expect(within(t2).getByText("measured RTT").closest("tr")).toHaveTextContent("17.3 µs34.7 µs+17.3 µs+100 %");
    const ratio = screen.getByTestId("compare-ratio-table").querySelectorAll("tbody tr");
    expect(ratio).toHaveLength(1);
    expect(ratio[0]).toHaveTextContent("2.500×"); // 25 µs ÷ 10 µs
    expect(ratio[0]).toHaveTextContent("B slower: the intervals do not overlap");
    // one point each: the run-wide step table above already is the per-point one
    expect(screen.queryByTestId("compare-point-steps")).toBeNull();
  });
});

describe("StepsCompare", () => {
  it("lists each step's mean of the chosen pair of matching points", async () => {
    const step = (code: number, name: string, paper: string, mean: number) => ({ code, name, side: code > 100 ? "server" : "client", paper, runs_per_call: 1, stats: { ...dist(mean), count: 100 } });
    const withSteps = (means: [number, number][]) => ({ points: means.map(([send, recv], i) => ({ point_no: i, calls: 100, rtt: dist(send + recv), first_call: null,
      steps: [step(11, "c.sendmsg", "C7", send), step(102, "s.recv", "S2", recv)] })) });
    const A = runFixture({ id: 1, kind: "rpc", status: "done", params: sweep }) as unknown as Run;
    // B measured the same two sizes in the other order: point 0 is 4016 B
    const B = runFixture({ id: 2, kind: "rpc", status: "done", params: { points: [{ ...sweep.points[1], point_no: 0 }, { ...sweep.points[0], point_no: 1 }] } }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url === "/api/runs/1/analyses/step_stats" ? { body: withSteps([[2000, 1000], [8000, 3000]]) } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/step_stats" ? { body: withSteps([[12000, 3000], [2500, 1000]]) } : undefined),
    ]);
    render(<MemoryRouter><CompareFigures A={A} B={B} differsBy={[]} /></MemoryRouter>);
    await screen.findByTestId("compare-point-steps");
    // A point 0 (0 B) pairs with B point 1 (0 B): c.sendmsg 2 µs → 2.5 µs
    expect(screen.getByTestId("compare-point-step-11")).toHaveTextContent("c.sendmsgC72.00 µs2.50 µs+500 ns+25 %");
    expect(screen.getByTestId("compare-point-step-102")).toHaveTextContent("1.00 µs1.00 µs0 ns0.0 %");
    fireEvent.change(screen.getByLabelText("Steps point pair"), { target: { value: "1" } });
    expect(screen.getByTestId("compare-point-step-11")).toHaveTextContent("8.00 µs12.0 µs+4.00 µs+50 %");
  });
});

describe("per-point sections under a chosen 'differs by'", () => {
  // the case study's sweep under one cache policy per run, B with an extra think time
  const policy = (cache: string, thinks: number[]) => ({ points: [1392, 4016].flatMap((request_bytes) => thinks.map((think_time_us) => ({ request_bytes, threads: 3, think_time_us, protection: "none", cache })))
    .map((p, point_no) => ({ point_no, ...p })) });

  it("pairs every point of a per-thread run with the single-cache run's, and names the one without a partner", async () => {
    const A = runFixture({ id: 1, kind: "rpc", status: "done", params: policy("per-thread", [0, 9000]) }) as unknown as Run;
    const B = runFixture({ id: 2, kind: "rpc", status: "done", params: policy("single", [0, 9000, 18000]) }) as unknown as Run;
    installFakeFetch([
      ({ url }) => (url === "/api/runs/1/analyses/step_stats" ? { body: stats([8000, 9000, 20000, 21000]) } : undefined),
      ({ url }) => (url === "/api/runs/2/analyses/step_stats" ? { body: stats([8000, 18000, 30000, 20000, 40000, 60000]) } : undefined),
    ]);
    render(<MemoryRouter><CompareFigures A={A} B={B} differsBy={["cache"]} /></MemoryRouter>);
    const rows = (await screen.findByTestId("compare-ratio-table")).querySelectorAll("tbody tr");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent("1,392 B · 3 threads · think 9 ms: per-thread cache ↔ single cache");
    expect(rows[1]).toHaveTextContent("2.000×"); // 18 µs ÷ 9 µs
    expect(rows[3]).toHaveTextContent("4,016 B · 3 threads · think 9 ms");
    expect(screen.getByTestId("compare-stats-unpaired")).toHaveTextContent(
      "Without a partner: only in B: 1,392 B · 3 threads · think 18 ms · single cache; 4,016 B · 3 threads · think 18 ms · single cache.");
  });

  it("pairing on every parameter finds no point in common and says what to choose", async () => {
    const A = runFixture({ id: 1, kind: "rpc", status: "done", params: policy("per-thread", [0]) }) as unknown as Run;
    const B = runFixture({ id: 2, kind: "rpc", status: "done", params: policy("single", [0]) }) as unknown as Run;
    installFakeFetch([({ url }) => (url.endsWith("/analyses/step_stats") ? { body: stats([8000, 9000]) } : undefined)]);
    render(<MemoryRouter><CompareFigures A={A} B={B} differsBy={[]} /></MemoryRouter>);
    expect(await screen.findByTestId("compare-stats-empty")).toHaveTextContent(
      "no point in common on request size, threads, think time, protection, cache policy; choose what the runs differ by above");
  });
});

describe("PeerClocksPanel", () => {
  it("says when an agent has no run with a peer yet", async () => {
    installFakeFetch([({ url }) => (url === "/api/agent-clocks" ? { body: [{ agent_id: 1, agent_name: "local-a", peers: [] }] } : undefined)]);
    render(<MemoryRouter><PeerClocksPanel /></MemoryRouter>);
    expect(await screen.findByTestId("peer-clocks-none-local-a")).toHaveTextContent("no finished run with another agent yet");
  });
});
