// The RTT vs size figure's data: one-thread no-think points per size with first calls and the unit-cost prediction,
// packet boundary markers, and the stored packets analysis.
import { describe, expect, it } from "vitest";
import type { Packets, StepStatsPoint, UnitCost } from "../../api/figures";
import { boundaryMarkers, drawnNote, packetModel, sizeRows } from "./transform";
import { pointNamer } from "../../figures/pointWords";

const stat = (point_no: number, mean: number, first: number | null, calls = 100): StepStatsPoint => ({
  point_no, calls,
  rtt: { count: calls, mean_ns: mean, median_ns: mean - 1, p90_ns: mean * 1.5, p99_ns: mean * 2, p999_ns: mean * 2, stddev_ns: 10,
    ci95_low_ns: mean - 5, ci95_high_ns: mean + 5, min_ns: mean - 9, max_ns: mean * 2 },
  first_call: first === null ? null : { call_no: 0, rtt_ns: first, steps_ns: {} },
  steps: [],
});

describe("sizeRows", () => {
  it("keeps one-thread, no-think points, one per size, with first calls and the unit-cost prediction", () => {
    const params = [
      { point_no: 0, request_bytes: 4016, threads: 1, think_time_us: 0 },
      { point_no: 1, request_bytes: 0, threads: 1, think_time_us: 0 },
      { point_no: 2, request_bytes: 0, threads: 3, think_time_us: 0 },
      { point_no: 3, request_bytes: 0, threads: 1, think_time_us: 500 },
    ];
    const unit: UnitCost = { available: true, unit: "ns", costs: [], note: "",
      rows: [{ request_bytes: 4016, predicted_ns: 8000, measured_ns: 10000, percent_error: 20 }] };
    const d = sizeRows([stat(0, 10000, 90000), stat(1, 5000, null), stat(2, 9999, 1), stat(3, 7777, 1)], params, unit);
    expect(d.reason).toBeNull();
    expect(d.rows.map((r) => [r.request_bytes, r.point_no, r.mean_ns, r.first_ns])).toEqual([[0, 1, 5000, null], [4016, 0, 10000, 90000]]);
    expect(d.rows[1].predicted_ns).toBe(8000);
    expect(d.rows[1].percent_error).toBeCloseTo(20, 10); // (10000 − 8000) × 100 / 10000
    expect(d.rows[0].predicted_ns).toBeNull();
    expect(d.rows[1].ci_low_ns).toBe(9995);
    expect([d.rows[1].median_ns, d.rows[1].p99_ns]).toEqual([9999, 20000]);
    // the interval is the backend's (a bootstrap, never below the fastest call): passed on as is, so this chart
    // and the Statistics tab print the same interval
    const skew = stat(0, 3, null);
    skew.rtt!.ci95_low_ns = 2;
    expect(sizeRows([skew, stat(1, 9, null)], [{ point_no: 0, request_bytes: 0 }, { point_no: 1, request_bytes: 9 }], null).rows[0].ci_low_ns).toBe(2);
  });

  it("says a single size cannot draw the figure", () => {
    const d = sizeRows([stat(0, 5000, null)], [{ point_no: 0, request_bytes: 64 }], null);
    expect(d.reason).toBe("one size only (64 B): sweep request sizes to draw this");
    expect(sizeRows([stat(0, 1, null, 0)], [{ point_no: 0 }], null).reason).toMatch(/no point/);
  });
});

describe("drawnNote", () => {
  it("names the points a sweep's figure draws and counts the others (a 48-point run drew 2 without a word)", () => {
    const params = [1392, 4016].flatMap((b) => [1, 3].map((t) => ({ request_bytes: b, threads: t, think_time_us: 0 }))).map((p, i) => ({ point_no: i, ...p }));
    const d = sizeRows(params.map((p) => stat(p.point_no, 5000, null)), params, null);
    expect(drawnNote(d.rows, params, pointNamer(params))).toBe(
      "Drawn: the 2 points with 1 thread · no think, one per size (the one-caller curve); the run's other 2 points differ in another " +
      "setting: their RTT on size, one fit per group, is on the Statistics tab.");
    const sizesOnly = params.filter((p) => p.threads === 1);
    expect(drawnNote(sizeRows(sizesOnly.map((p) => stat(p.point_no, 5000, null)), sizesOnly, null).rows, sizesOnly, pointNamer(sizesOnly))).toBeNull();
  });
});

describe("boundaryMarkers", () => {
  it("keeps boundaries inside the measured range, RPC packets strong and fragments weak", () => {
    // DCE Figure 3's jumps with the paper's parameters: 1393 (second fragment), 4017 (second RPC packet)
    const m = boundaryMarkers([
      { kind: "fragment", request_bytes: 1393, network_packets: 2 },
      { kind: "rpc_packet", request_bytes: 4017, network_packets: 4 },
      { kind: "rpc_packet", request_bytes: 8033, network_packets: 7 },
    ], 5000);
    expect(m.map((x) => [x.x, x.weak])).toEqual([[1393, true], [4017, false]]);
    expect(m[1].label).toBe("4,017 B: one more RPC packet (4 network packets)");
  });
});

describe("packetModel", () => {
  const params = { rpc_header_bytes: 80, data_per_rpc_packet: 4016, udp_header_bytes: 8, ip_header_bytes: 20, mtu_bytes: 9000 };
  it("reads the stored analysis: its boundaries, its counts and the parameters it used in the caption", () => {
    const packets: Packets = {
      available: true, params, source: {},
      counts: [{ request_bytes: 5000, rpc_packets: 2, network_packets: 2, data_per_network_packet: [4016, 984] }],
      jumps: [{ kind: "rpc_packet", request_bytes: 4017, network_packets: 2 }],
    };
    const m = packetModel(packets);
    expect(m.jumps).toEqual(packets.jumps);
    expect(m.counts).toEqual(packets.counts);
    // an emulated link's MTU, as the analysis took it, not the run's packetisation
    expect(m.caption).toBe("4,016 B per RPC packet, MTU 9,000 B");
  });
  it("draws nothing for a run without packetisation", () => {
    const m = packetModel({ available: false, reason: "the run reports no protocol parameters" });
    expect(m).toEqual({ jumps: [], counts: [], caption: "no packetisation reported" });
  });
});
