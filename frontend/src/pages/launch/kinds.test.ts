// Validation, point count and request body of the rpc, stream and flows kinds.
import { describe, expect, it } from "vitest";
import { INJECT_DEFAULTS, INJECT_STEPS } from "./inject";
import { listSweep } from "./sweep";
import { countPoints, DEFAULT_FORM, formFieldOf, rpcCallsTotal, toRunCreate, validateLaunch, type LaunchForm } from "./validation";

const agents = { client_agent_id: "1", server_agent_id: "2" };
const rpc: LaunchForm = { ...DEFAULT_FORM, ...agents, kind: "rpc", transport: "udp" };

describe("rpc kind", () => {
  it("is valid with the defaults and posts one point of a null RPC", () => {
    expect(validateLaunch(rpc)).toEqual({});
    expect(countPoints(rpc)).toBe(1);
    expect(toRunCreate(rpc)).toEqual({
      kind: "rpc", client_agent_id: 1, server_agent_id: 2, transport: "udp", procedure: "null", work_us: 0,
      request_bytes: [0], threads: [1], think_time_us: [0], think_distribution: "exponential", inject: null, protection: ["none"], cache: ["per-thread"],
      calls: 1000, warmup_calls: 10, server_threads: 4, ci_target_pct: 5, max_rounds: 5, model_tolerance_pct: 10, packet_data: 4016, small_packet_data: 944, mtu: 1500,
      window_initial: 4096, window_max: 32768, rto_ms: 100, link_mbps: 0, link_delay_us: 0, host_packet_us: 0, seed: 1,
    });
  });

  it("sends the think distribution and a planted fault, checked as the backend checks them", () => {
    const inject = { ...INJECT_DEFAULTS, step: "s.service" as const, delay_us: "500", every: "3" };
    const f = { ...rpc, threads: listSweep([1, 3]), think_distribution: "constant" as const, inject };
    expect(validateLaunch(f)).toEqual({});
    expect(toRunCreate(f)).toMatchObject({ think_distribution: "constant", inject: { kind: "delay", step: "s.service", delay_us: 500, every: 3 } });
    // the 1-thread points are the model's bases and run healthy: a fault needs a point with more callers
    expect(validateLaunch({ ...f, threads: listSweep([1]) }).inject).toMatch(/more than one caller/);
    // a serial server's fault is in a server step; the delay and every within the schema's ranges
    expect(validateLaunch({ ...f, inject: { ...inject, kind: "serial", step: "c.marshal" } })["inject.step"]).toMatch(/holds the server/);
    expect(validateLaunch({ ...f, inject: { ...inject, kind: "serial", step: "s.idle" } })["inject.step"]).toMatch(/s\.dispatch, .*s\.reply_wait; got s\.idle/);
    expect(validateLaunch({ ...f, inject: { ...inject, kind: "lock", step: "s.reply_wait" } })["inject.step"]).toMatch(/cannot be s\.reply_wait/);
    // the backend's own rules: a delay of 0 plants nothing; a lock or a serial server may hold no extra time
    expect(validateLaunch({ ...f, inject: { ...inject, delay_us: "0" } })["inject.delay_us"]).toBe("Delay must be between 1 and 1000000 µs (got 0)");
    expect(validateLaunch({ ...f, inject: { ...inject, kind: "lock", delay_us: "0" } })["inject.delay_us"]).toBeUndefined();
    const e = validateLaunch({ ...f, inject: { ...inject, delay_us: "1000001", every: "0" } });
    expect(e["inject.delay_us"]).toBe("Delay must be between 1 and 1000000 µs (got 1000001)");
    expect(e["inject.every"]).toBe("Every must be between 1 and 1000000 calls (got 0)");
    expect(formFieldOf("rpc", "inject.step")).toBe("inject.step");
    expect(formFieldOf("rpc", "delay_us")).toBe("inject.delay_us");
    // the step choices are the generated schema's, client and server
    expect(INJECT_STEPS).toContain("c.marshal");
    expect(INJECT_STEPS).toContain("s.service");
    expect(INJECT_STEPS.every((s) => /^[cs]\./.test(s))).toBe(true);
  });

  it("checks each runtime knob and the window order, and maps the backend's 422 to it", () => {
    const runtime = { ...rpc.runtime!, mtu: "575", window_initial: "8192", window_max: "4096" };
    const e = validateLaunch({ ...rpc, runtime });
    expect(e["runtime.mtu"]).toBe("MTU must be between 576 and 65535 bytes (got 575)");
    expect(e["runtime.window_max"]).toBe("Largest window must be between 8192 (the initial window) and 16777216 bytes");
    expect(validateLaunch({ ...rpc, runtime: { ...runtime, mtu: "9000", window_max: "8192" } })).toEqual({});
    expect(formFieldOf("rpc", "window_max")).toBe("runtime.window_max");
  });

  it("counts the cartesian product of the sweeps and the calls over every point", () => {
    const f = { ...rpc, request_sizes: listSweep([0, 4016]), threads: listSweep([1, 3]), think_time_us: listSweep([0, 3000, 9000]),
      protection: ["none", "privacy"], cache: ["per-thread", "single"], calls: "90", warmup_calls: "10" };
    expect(countPoints(f)).toBe(2 * 2 * 3 * 2 * 2);
    // Σ threads (1 + 3) per size × think × level × cache, each thread 100 calls
    expect(rpcCallsTotal(f)).toBe(2 * 4 * 3 * 2 * 2 * 100);
  });

  it("refuses more than 256 points, on the size field as the backend does", () => {
    const f = { ...rpc, request_sizes: listSweep(Array.from({ length: 64 }, (_, i) => i)), threads: listSweep([1, 2, 3, 4, 5]) };
    expect(validateLaunch(f).request_sizes).toBe(
      "The sweep must have at most 256 points (got 320): remove sizes, threads, think times, levels or policies",
    );
    expect(formFieldOf("rpc", "request_bytes")).toBe("request_sizes");
    expect(formFieldOf("pingpong", "request_bytes")).toBe("request_bytes");
  });

  it("refuses more than 1000000 calls in all, on calls", () => {
    const f = { ...rpc, threads: listSweep([64]), calls: "15000", warmup_calls: "700" };
    expect(validateLaunch(f).calls).toMatch(/at most 1000000 \(got 1004800\)/);
    expect(validateLaunch({ ...f, warmup_calls: "625" }).calls).toBeUndefined(); // 64 × 15625 = 1000000
  });

  it("names each sweep, level and policy problem", () => {
    const e = validateLaunch({ ...rpc, threads: listSweep([0]), think_time_us: listSweep([10_000_001]), protection: [], cache: ["two"],
      transport: "quic" as never, work_us: "-1" });
    expect(e.threads).toBe("Threads: each value must be between 1 and 64 (got 0)");
    expect(e.think_time_us).toBe("Think times: each value must be between 0 and 10000000 µs (got 10000001)");
    expect(e.protection).toMatch(/choose at least one of none, connect, pkt, integrity, privacy/);
    expect(e.cache).toBe("Call-handle cache policies must be among per-thread, single (got two)");
    expect(e.transport).toBe("Transport must be UDP or TCP for this kind");
    expect(e.work_us).toMatch(/Work must be between 0 and 1000000 µs \(got -1\)/);
  });
});

describe("rpc transport and link", () => {
  it("posts TCP and a chosen link profile, and leaves loopback out", () => {
    const rpc: LaunchForm = { ...DEFAULT_FORM, ...agents, kind: "rpc", transport: "tcp", link_profile: "ethernet-10m" };
    expect(toRunCreate(rpc)).toMatchObject({ kind: "rpc", transport: "tcp", link_profile: "ethernet-10m" });
    expect(toRunCreate({ ...rpc, transport: "udp", link_profile: "loopback" })).not.toHaveProperty("link_profile");
  });
});

describe("stream kind", () => {
  const stream: LaunchForm = { ...DEFAULT_FORM, ...agents, kind: "stream", calls: "", warmup_calls: "" };
  it("ignores calls and posts the stream's fields", () => {
    expect(validateLaunch(stream)).toEqual({});
    expect(toRunCreate({ ...stream, name: " s " })).toEqual({ kind: "stream", client_agent_id: 1, server_agent_id: 2, transport: "tcp",
      message_bytes: 65536, duration_s: 5, interval_ms: 100, name: "s" });
  });
  it("limits a UDP message to one datagram", () => {
    expect(validateLaunch({ ...stream, transport: "udp" }).message_bytes).toBe(
      "Message size must be between 1 and 65507 bytes for UDP (got 65536)",
    );
    expect(validateLaunch({ ...stream, duration_s: "3601", interval_ms: "9" })).toMatchObject({
      duration_s: "Duration must be between 1 and 3600 s (got 3601)",
      interval_ms: "Interval must be between 10 and 10000 ms (got 9)",
    });
  });
});

describe("flows kind", () => {
  const flows: LaunchForm = { ...DEFAULT_FORM, ...agents, kind: "flows", mode: "processes", flows: "10" };
  it("posts threads or processes over TCP", () => {
    expect(validateLaunch(flows)).toEqual({});
    expect(toRunCreate(flows)).toMatchObject({ kind: "flows", transport: "tcp", mode: "processes", flows: 10, request_bytes: 64, calls: 1000 });
    expect(validateLaunch({ ...flows, transport: "udp" }).transport).toBe("Transport must be TCP for this kind");
  });
  it("keeps flows × (calls + warm-up) within 1000000 and flows within 1..10", () => {
    expect(validateLaunch({ ...flows, calls: "99991" }).calls).toMatch(/at most 1000000 \(got 1000010\)/);
    expect(validateLaunch({ ...flows, flows: "11" }).flows).toBe("Flows must be between 1 and 10 (got 11)");
  });
});
