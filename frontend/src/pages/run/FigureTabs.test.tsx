// The RTT vs size and Throughput tabs: the stored packets analysis's boundaries and counts, and the MVA overlay from
// the one-thread point.
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { RttSizeTab } from "./RttSizeTab";
import { ThroughputTab } from "./ThroughputTab";
import { installFakeFetch, runFixture } from "../../test/fakeApi";
import type { Run } from "../../api/types";

const stat = (mean: number) => ({ count: 100, mean_ns: mean, median_ns: mean, p99_ns: 2 * mean, stddev_ns: 5, ci95_low_ns: mean - 3, ci95_high_ns: mean + 3 });

describe("RTT vs size tab", () => {
  it("draws the stored packets analysis's boundaries and counts, asking no model of its own", async () => {
    const points = [0, 1393, 4017].map((b, i) => ({ point_no: i, request_bytes: b, threads: 1, think_time_us: 0 }));
    const run = runFixture({ kind: "rpc", status: "done", params: { points, packetisation: { mtu: 1500, packet_data: 4016, header_bytes: 80 } } }) as unknown as Run;
    const { calls } = installFakeFetch([
      ({ url }) => (url.endsWith("/analyses/step_stats") ? { body: { points: points.map((p, i) => ({ point_no: p.point_no, calls: 100, rtt: stat(10_000 * (i + 1)), first_call: { call_no: 0, rtt_ns: 500_000 } })) } } : undefined),
      ({ url }) => (url.endsWith("/analyses/unit_cost") ? { body: { available: false, reason: "the run has one request size: a size sweep is needed" } } : undefined),
      ({ url }) => (url.endsWith("/analyses/packets") ? { body: { available: true, counts: [],
        params: { rpc_header_bytes: 80, data_per_rpc_packet: 4016, udp_header_bytes: 8, ip_header_bytes: 20, mtu_bytes: 1500 },
        jumps: [{ kind: "fragment", request_bytes: 1393, network_packets: 2 }, { kind: "rpc_packet", request_bytes: 4017, network_packets: 4 }] } } : undefined),
    ]);
    render(<RttSizeTab run={run} />);
    const chart = await screen.findByTestId("rttsize-chart");
    expect(calls.some((c) => c.url.startsWith("/api/models/"))).toBe(false);
    expect(screen.getByText(/the packet model \(4,016 B per RPC packet, MTU 1,500 B\)/)).toBeTruthy();
    expect(chart.querySelectorAll(".model-marker")).toHaveLength(2);
    expect(chart.querySelectorAll('[data-series="first"] circle')).toHaveLength(3);
    expect(chart.querySelector('[data-series="unit-cost"]')).toBeNull();
    expect(screen.getByText(/Unit-cost model not drawn: the run has one request size/)).toBeTruthy();
    expect(screen.getByTestId("rttsize-table").querySelectorAll("tbody tr")).toHaveLength(3);
  });
});

describe("Throughput tab", () => {
  it("overlays the run's stored model, the Model tab's, and solves none of its own", async () => {
    const points = [1, 2, 4].map((t, i) => ({ point_no: i, request_bytes: 0, threads: t, think_time_us: 0 }));
    const run = runFixture({ kind: "rpc", status: "done", params: { points } }) as unknown as Run;
    // the stored model's RTT at each point (ms): 5 µs at one thread, then the server's queue
    const rows = points.map((p) => ({ point_no: p.point_no, label: "0 B", threads: p.threads, think: 0, model: 0.005 * Math.max(1, p.threads / 2),
      solver: "simulation", bounds: { bottleneck: "server_cpu" } }));
    const { calls } = installFakeFetch([
      ({ url }) => (url.endsWith("/analyses/ecs") ? { body: { throughput: points.map((p) => ({ point_no: p.point_no, threads: p.threads, request_bytes: 0, calls: 100 * p.threads, elapsed_s: 0.1, calls_per_s: 1000 * Math.min(p.threads, 2), mbit_per_s: 0 })) } } : undefined),
      ({ url }) => (url.endsWith("/analyses/model_vs_measured") ? { body: { rows } } : undefined),
    ]);
    render(<ThroughputTab run={run} />);
    const chart = await screen.findByTestId("throughput-calls-chart");
    expect(calls.some((c) => c.url.startsWith("/api/models/"))).toBe(false);
    expect(chart.querySelector('[data-series="model-calls_per_s-0"] path')?.getAttribute("stroke-dasharray")).toBe("6 4");
    expect(screen.getByText(/one more thread than 2 adds under 10% .*bottleneck there: server_cpu/)).toBeTruthy();
    // the model's RTT as the Model tab prints it, and its calls/s: 1 / 5 µs = 200,000 calls/s
    const first = screen.getByTestId("throughput-table").querySelectorAll("tbody tr")[0];
    expect(first.querySelector('[data-col="model RTT"]')?.textContent).toBe("0.00500 ms");
    expect(first.querySelector('[data-col="model calls/s"]')?.textContent).toBe("200,000");
  });
});
