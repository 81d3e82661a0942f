// Every preset fills a valid form of a kind the backend accepts, with the papers' parameters.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { applyPreset, DCE_FIGURE3_SIZES, PRESETS } from "./presets";
import { listSweep } from "./sweep";
import { CACHES, LIMITS, PROTECTIONS, RPC_RUNTIME } from "./limits";
import { countPoints, DEFAULT_FORM, missingBasePoints, toRunCreate, validateLaunch, type LaunchForm } from "./validation";
import type { RpcRunCreate } from "../../api/types";
import launchBodies from "../../api/launch-bodies.json";

const repo = (p: string) => readFileSync(resolve(__dirname, "../../../..", p), "utf8");
const form: LaunchForm = { ...DEFAULT_FORM, client_agent_id: "3", server_agent_id: "4", link_profile: "lan" };
const body = (id: string) => toRunCreate(applyPreset(form, PRESETS.find((p) => p.id === id)!));

describe("presets", () => {
  it("each gives a valid form of the preset's kind, keeping the agents, citing a source", () => {
    // the kinds POST /api/runs accepts, as the backend's OpenAPI document states them
    const schemas = launchBodies as unknown as Record<string, { properties: { kind: { const: string } } }>;
    const backendKinds = ["PingpongRunCreate", "RpcRunCreate", "StreamCreate", "FlowsCreate"].map((n) => schemas[n].properties.kind.const);
    for (const p of PRESETS) {
      const f = applyPreset(form, p);
      expect(validateLaunch(f), p.id).toEqual({});
      expect(backendKinds).toContain(p.kind);
      expect(toRunCreate(f)).toMatchObject({ kind: p.kind, client_agent_id: 3, server_agent_id: 4, name: p.label });
      expect(p.source).toMatch(p.kind === "pingpong" ? /no paper/ : /Figure|Table|abstract|tables/);
    }
    expect(PRESETS.map((p) => p.id)).toEqual([
      "pingpong-udp-64", "dce-figure3", "dce-table1", "firefly-null", "ecs-rpc-sizes", "ecs-rpc-vs-sockets", "ecs-flows-threads", "ecs-flows-processes",
      "ecs-protection", "case-study", "calibrate-model",
    ]);
  });

  it("keeps a typed name but replaces one an earlier preset gave", () => {
    const [a, b] = PRESETS;
    expect(applyPreset(applyPreset(form, a), b).name).toBe(b.label);
    expect(applyPreset({ ...form, name: "my sweep" }, b).name).toBe("my sweep");
  });

  it("DCE Figure 3 measures both sides of every jump size of the paper's packet model", () => {
    const ref = JSON.parse(repo("backend/tests/reference/dce_rpc_1995.json"));
    const sizes = (body("dce-figure3") as RpcRunCreate).request_bytes!;
    expect(sizes).toEqual(DCE_FIGURE3_SIZES);
    expect(sizes[0]).toBe(0);
    for (const jump of ref.packetisation.rtt_jump_sizes as number[]) {
      expect(sizes).toContain(jump);
      expect(sizes).toContain(jump - 1);
    }
    expect(sizes).toHaveLength(1 + 2 * ref.packetisation.rtt_jump_sizes.length);
  });

  it("DCE Table 1 sweeps the paper's thread counts at 0 and 4016 bytes", () => {
    const ref = JSON.parse(repo("backend/tests/reference/dce_rpc_1995.json"));
    const b = body("dce-table1") as RpcRunCreate;
    expect(b.threads).toEqual(ref.table1_throughput_1000_rpcs.rows.map((r: number[]) => r[0]));
    expect(b.request_bytes).toEqual([0, ref.packetisation.max_call_data_per_rpc_packet]);
  });

  it("the case study runs Figure 2's sweep on ethernet-10m under both cache policies, base point included", () => {
    const ref = JSON.parse(repo("backend/tests/reference/modeling_case_study.json"));
    const b = body("case-study") as RpcRunCreate;
    // Table 2's rows up to 6 threads and 18 ms (Figure 2: 3 threads, think rising from 0)
    for (const [, threads, thinkMs] of ref.table2_selected_rows.rows as [string, number, number][]) {
      if (threads > 6 || thinkMs > 18) continue;
      expect(b.threads).toContain(threads);
      expect(b.think_time_us).toContain(thinkMs * 1000);
    }
    expect(b.request_bytes).toEqual([1392, 4016]);
    expect(b.threads).toContain(1);
    expect(b.think_time_us).toContain(0); // the model's base point: 1 thread, no think
    expect(b.cache).toEqual([...CACHES]);
    expect(b.link_profile).toBe("ethernet-10m");
    expect(b.host_packet_us).toBe(1000); // the 1995 host's CPU per packet that made slow start expensive
    const cs = applyPreset(form, PRESETS.find((p) => p.id === "case-study")!);
    expect(countPoints(cs)).toBe(2 * 3 * 4 * 2);
    // the model's base point of every size and cache (1 thread, no think) is in the preset: nothing to add
    expect(missingBasePoints(cs)).toBe(0);
    // a sweep of loaded points only gets one base point per size x protection x cache from the lab
    expect(missingBasePoints({ ...cs, think_time_us: listSweep([3000, 9000]) })).toBe(2 * 1 * 2);
  });

  it("calibrating the model plants a delay in c.marshal at the 3-thread points, its bases healthy, on ethernet-10m", () => {
    const p = PRESETS.find((x) => x.id === "calibrate-model")!;
    expect(p.label).toBe("Calibrate the model");
    expect(p.note).toMatch(/plants a 2 ms delay in c\.marshal/);
    expect(p.note).toMatch(/flag those points and name the step/);
    const f = applyPreset(form, p);
    expect(validateLaunch(f)).toEqual({});
    const b = toRunCreate(f) as RpcRunCreate;
    expect(b).toMatchObject({ kind: "rpc", procedure: "sink", request_bytes: [1392], threads: [1, 3], think_time_us: [0, 3000],
      cache: ["per-thread"], calls: 100, link_profile: "ethernet-10m", think_distribution: "exponential" });
    expect(b.inject).toEqual({ kind: "delay", step: "c.marshal", delay_us: 2000, every: 1 });
    // the model's base of each think time (1 thread) is in the sweep: the fault has points to run at beside them
    expect(missingBasePoints(f)).toBe(0);
    expect(b.threads!.some((t) => t > 1)).toBe(true);
    // another preset afterwards plants nothing
    expect((toRunCreate(applyPreset(f, PRESETS.find((x) => x.id === "case-study")!)) as RpcRunCreate).inject).toBeNull();
  });

  it("a preset without a link keeps the form's", () => {
    expect(applyPreset(form, PRESETS.find((p) => p.id === "dce-table1")!).link_profile).toBe("lan");
  });

  it("ECS presets: six sizes 1K–100K, every protection level, threads and processes", () => {
    const ref = JSON.parse(repo("backend/tests/reference/ecs_rpc_vs_sockets.json"));
    const sizes = (body("ecs-rpc-sizes") as RpcRunCreate).request_bytes!;
    expect(sizes.map((s) => `${s / 1024}K`)).toEqual(ref.rpc_response_time_by_message_size.rows.map((r: unknown[]) => r[0]));
    expect((body("ecs-protection") as RpcRunCreate).protection).toEqual([...PROTECTIONS]);
    expect(body("ecs-flows-threads")).toMatchObject({ mode: "threads", flows: Math.max(...ref.figure5_lan_1k_by_control_flows.control_flows) });
    expect(body("ecs-flows-processes")).toMatchObject({ mode: "processes" });
  });
});

describe("the limits are the backend's", () => {
  it("reads every limit from the OpenAPI document: numbers, each range the right way round", () => {
    for (const [k, v] of Object.entries(LIMITS)) expect(Number.isFinite(v) && v >= 0, k).toBe(true);
    expect(LIMITS.minBytes).toBeLessThan(LIMITS.udpMaxBytes);
    expect(LIMITS.udpMaxBytes).toBeLessThan(LIMITS.tcpMaxBytes);
    expect(LIMITS.udpMaxDatagram).toBe(65_507); // one IPv4 UDP datagram's payload: the wire's own limit
    expect(LIMITS.ciTargetMin).toBeLessThan(LIMITS.ciTargetMax);
    expect([...PROTECTIONS]).toEqual(["none", "connect", "pkt", "integrity", "privacy"]); // DCE's levels, in order
    expect([...CACHES]).toContain("per-thread");
    for (const [f, , lo, hi, dflt] of RPC_RUNTIME) {
      expect(lo, f).toBeLessThanOrEqual(dflt);
      expect(dflt, f).toBeLessThanOrEqual(hi);
    }
  });
});
