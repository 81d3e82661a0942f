// The backend's launch limits in one place, mirrored from backend/perflab/schemas/run.py,
// run_rpc.py, run_socket.py and services/{rpc,socket}_runs.py (docs/protocol.md). Keep them in step.

export type Kind = "pingpong" | "rpc" | "stream" | "flows";
export const KINDS: { value: Kind; label: string; what: string }[] = [
  { value: "pingpong", label: "Socket ping-pong", what: "one request/response connection between two agents" },
  { value: "rpc", label: "RPC", what: "the instrumented RPC runtime over UDP; sweeps become points" },
  { value: "stream", label: "Stream", what: "one-way streaming throughput" },
  { value: "flows", label: "Control flows", what: "N threads or processes, one TCP connection each" },
];

export const PROTECTIONS = ["none", "connect", "pkt", "integrity", "privacy"] as const;
export const CACHES = ["per-thread", "single"] as const;
export const PROCEDURES = ["null", "sink", "echo", "work"] as const;

export const LIMITS = {
  tcpMaxBytes: 1_048_576,
  udpMaxBytes: 131_072, // above one datagram (65507 B) the agent splits a message
  minBytes: 1,
  minCalls: 1,
  maxCalls: 1_000_000,
  minWarmup: 0,
  maxWarmup: 100_000,
  maxName: 200,
  // rpc
  rpcMaxBytes: 1_048_576,
  maxThreads: 64,
  maxThinkUs: 10_000_000,
  maxWorkUs: 1_000_000,
  maxSweepValues: 64,
  maxPoints: 256,
  maxCallsTotal: 1_000_000, // rpc: Σ threads × (warm-up + calls × most rounds); flows: flows × (calls + warm-up)
  // rpc: repeat a point until its mean's 95% CI half-width is within the target (run_rpc.py, rpc_rounds.h)
  ciTargetMin: 0.5,
  ciTargetMax: 50,
  maxRounds: 20,
  maxModelTolerance: 50, // % of the model its band allows for (run_rpc.py model_tolerance_pct)
  // stream
  udpMaxDatagram: 65_507,
  maxStreamS: 3600,
  minIntervalMs: 10,
  maxIntervalMs: 10_000,
  // flows
  maxFlows: 10,
} as const;

/** The RPC runtime's packetisation, flow control and link knobs: [field, label, min, max, default, unit]. */
export const RPC_RUNTIME: [string, string, number, number, number, string][] = [
  ["packet_data", "Data per packet", 64, 65_427, 4016, "bytes"],
  ["small_packet_data", "Data per packet at slow start", 64, 65_427, 944, "bytes"],
  ["mtu", "MTU", 576, 65_535, 1500, "bytes"],
  ["window_initial", "Initial window", 1024, 1 << 20, 4096, "bytes"],
  ["window_max", "Largest window", 1024, 1 << 24, 32_768, "bytes"],
  ["rto_ms", "Retransmission timeout", 1, 10_000, 100, "ms"],
  ["link_mbps", "Link rate, 0 = unlimited", 0, 100_000, 0, "Mbit/s"],
  ["link_delay_us", "Link delay", 0, 1_000_000, 0, "µs"],
  ["host_packet_us", "Host CPU per packet (1995 host), 0 = off", 0, 100_000, 0, "µs"],
  ["seed", "Think-time seed", 0, 4_294_967_295, 1, ""],
];
