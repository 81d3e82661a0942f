// Presets that replay the seed papers' experiments on the lab's agents. Each fills the launch form
// (agents, link profile and name kept) and cites the paper and the figure or table it reproduces.
import type { Kind } from "../../kinds/types";
import type { InjectForm } from "./inject";
import { listSweep } from "./sweep";
import { DEFAULT_FORM, RPC_DEFAULTS, type LaunchForm } from "./validation";
import { ECS_STUDY_DEFAULT_CALLS, ECS_STUDY_SIZES, ECS_STUDY_THREADS } from "../studies/ecsStudy";

export interface Preset {
  id: string;
  label: string;
  kind: Kind;
  source: string; // paper, figure or table
  note: string; // what it measures and how it differs from the paper
  fields: Partial<LaunchForm>;
  link_profile?: string; // the link the experiment needs; absent: the form's link is kept
  // a study: several runs the Launch page launches one after another (its own panel replaces the form's workload)
  study?: "ecs-rpc-vs-sockets";
}

// The request sizes where one more byte needs one more packet (DCE RPC over UDP on 1500-byte Ethernet,
// 4016 data bytes per RPC packet), each with the size just below it so both sides of every jump are measured.
// Source: dce_rpc_1995.json "packetisation.rtt_jump_sizes" (000_01ca1674c99ddb01.txt, Khandker, Honeyman,
// Teorey, Performance of DCE RPC, 1995, section 3.3 and Figure 3).
export const DCE_RTT_JUMP_SIZES = [1393, 4017, 8033, 12049, 16065, 20081, 24097, 32129, 48193, 64257];
export const DCE_FIGURE3_SIZES = [0, ...DCE_RTT_JUMP_SIZES.flatMap((s) => [s - 1, s])];

const THREADS_1_TO_10 = Array.from({ length: 10 }, (_, i) => i + 1);
// ECS message sizes 1K, 20K, …, 100K (001_15318e11768c8d9a.txt, "Various message sizes were transferred"), K = 1024
export const ECS_SIZES = [1, 20, 40, 60, 80, 100].map((k) => k * 1024);
// Case study: 1- and 3-packet requests (Table 2 of the DCE paper: 1392 B = 1 packet, 4016 B = 3 packets)
// by 1, 3, 6 threads at mean think times 0–18 ms (004_d56c5f3cd2acc6a6.txt, section 4, Table 2 and Figure 2),
// on the papers' 10 Mbit/s Ethernet. 1 thread × think 0 is the point the model takes its demands from.
export const CASE_STUDY_THINK_US = [0, 3, 9, 18].map((ms) => ms * 1000);
export const CASE_STUDY_THREADS = [1, 3, 6];
// The 1995 hosts' runtime spent about 1-1.5 ms of CPU per packet (Table 1: a null RPC, one packet each way,
// cost 2.98 ms at the client); slow start's extra small packets cost that CPU, which is what made it expensive.
// Today's hosts spend microseconds, so the lab emulates it (agents/src/rpc/rpc_host.h; docs/analysis.md).
export const CASE_STUDY_HOST_PACKET_US = 1000;

// Calibration: a known fault the model must flag where it runs (the 3-thread points) and attribute to its step; a
// 2 ms delay in the client's marshalling, longer than the 1.2 ms a 1-packet request spends on the emulated 10 Mbit/s
// wire: at think 0 three callers queue for the wire, and a shorter delay overlaps that wait (500 µs: +3%, unflagged)
// (tests/test_model_calibration.py plants the same).
export const CALIBRATION_BYTES = [1392];
export const CALIBRATION_FAULT: InjectForm = { kind: "delay", step: "c.marshal", delay_us: "2000", every: "1" };

const rpc = (f: Partial<LaunchForm>): Partial<LaunchForm> => ({ kind: "rpc", transport: "udp", ...RPC_DEFAULTS, ...f });

export const PRESETS: Preset[] = [
  {
    id: "pingpong-udp-64",
    label: "Ping-pong: 64 B over UDP",
    kind: "pingpong",
    source: "no paper: the lab's smallest round trip, a quick nightly or per-merge check (docs/cli.md)",
    note: "1000 round trips of 64 B each way after 10 warm-up calls; a series' baseline for `perflab check`",
    fields: { kind: "pingpong", transport: "udp", request_bytes: "64", response_bytes: "64", calls: "1000", warmup_calls: "10" },
  },
  {
    id: "dce-figure3",
    label: "DCE Figure 3: RTT vs request size",
    kind: "rpc",
    source: "Khandker, Honeyman, Teorey, Performance of DCE RPC (1995), Figure 3",
    note: "0 B and both sides of every packet boundary up to 64 KB, one caller; first and later calls",
    fields: rpc({ procedure: "sink", request_sizes: listSweep(DCE_FIGURE3_SIZES), calls: "200", warmup_calls: "0" }),
  },
  {
    id: "dce-table1",
    label: "DCE Table 1: threads 1–10 at 0 and 4016 B",
    kind: "rpc",
    source: "Khandker, Honeyman, Teorey, Performance of DCE RPC (1995), Table 1 and Figure 4",
    note: "back-to-back calls by 1–10 caller threads; the paper splits 1000 calls among the threads, here each thread makes the calls",
    fields: rpc({ procedure: "sink", request_sizes: listSweep([0, 4016]), threads: listSweep(THREADS_1_TO_10), calls: "200", warmup_calls: "10" }),
  },
  {
    id: "firefly-null",
    label: "Firefly null RPC",
    kind: "rpc",
    source: "Schroeder & Burrows, Performance of the Firefly RPC (1989), abstract: null RPC 2.66 ms",
    note: "null procedure, no arguments, one caller thread",
    fields: rpc({ procedure: "null", request_sizes: listSweep([0]), calls: "1000", warmup_calls: "10" }),
  },
  {
    id: "ecs-rpc-sizes",
    label: "ECS RPC vs socket: 1K–100K",
    kind: "rpc",
    source: "ECS technical paper, threaded DCE RPC vs sockets, Figures 1–4 (response time by message size)",
    note: "the RPC half; run the socket half as ping-pongs of the same sizes",
    fields: rpc({ procedure: "sink", request_sizes: listSweep(ECS_SIZES), calls: "100", warmup_calls: "0" }),
  },
  {
    id: "ecs-rpc-vs-sockets",
    label: "RPC vs sockets on LAN and WAN (ECS)",
    kind: "rpc",
    source: "ECS technical paper, section 2, Figures 2 and 4 (threaded DCE RPC over UDP vs TCP sockets, LAN and 22-hop WAN)",
    note: "a study of four runs launched one after another: the lab's RPC runtime over UDP (per-message error control) and over TCP (the kernel's per-segment), on lan-1g and on wan; 1–100 KB, 1 and 4 threads",
    // the form shows the first of the four runs; the study panel launches them all (pages/studies/ecsStudy.ts)
    fields: rpc({ procedure: "sink", request_sizes: listSweep(ECS_STUDY_SIZES), threads: listSweep(ECS_STUDY_THREADS), cache: ["per-thread"], calls: String(ECS_STUDY_DEFAULT_CALLS), warmup_calls: "2" }),
    link_profile: "lan-1g",
    study: "ecs-rpc-vs-sockets",
  },
  {
    id: "ecs-flows-threads",
    label: "ECS control flows: 10 threads",
    kind: "flows",
    source: "ECS technical paper, Figure 5 (response time by client control flows, 1K on the LAN)",
    note: "10 flows as threads; change Flows for the other points of 1–10",
    fields: { kind: "flows", transport: "tcp", mode: "threads", flows: "10", request_bytes: "1024", response_bytes: "1024", calls: "1000", warmup_calls: "10" },
  },
  {
    id: "ecs-flows-processes",
    label: "ECS control flows: 10 processes",
    kind: "flows",
    source: "ECS technical paper, Figure 5 (response time by client control flows, 1K on the LAN)",
    note: "10 flows as processes; change Flows for the other points of 1–10",
    fields: { kind: "flows", transport: "tcp", mode: "processes", flows: "10", request_bytes: "1024", response_bytes: "1024", calls: "1000", warmup_calls: "10" },
  },
  {
    id: "ecs-protection",
    label: "ECS protection levels",
    kind: "rpc",
    source: "ECS technical paper, protection level ratio tables (1000 packets of 1600 bytes by 10 threads)",
    note: "every level from none to privacy; 100 calls of 1600 B per thread",
    fields: rpc({ procedure: "sink", request_sizes: listSweep([1600]), threads: listSweep([10]), protection: ["none", "connect", "pkt", "integrity", "privacy"], calls: "100", warmup_calls: "0" }),
  },
  {
    id: "case-study",
    label: "Case study: threads × think time, both caches",
    kind: "rpc",
    source: "Khandker & Teorey, How modeling revealed serious performance problems in DCE, Table 2 and Figure 2",
    note: "1- and 3-packet requests, 1/3/6 threads, think 0–18 ms, one-slot vs per-thread call-handle cache, on ethernet-10m between emulated 1995 hosts (1 ms of CPU per packet); the Statistics tab counts the slow-start (small-packet) calls per point",
    fields: rpc({ procedure: "sink", request_sizes: listSweep([1392, 4016]), threads: listSweep(CASE_STUDY_THREADS), think_time_us: listSweep(CASE_STUDY_THINK_US), cache: ["per-thread", "single"], calls: "200", warmup_calls: "10", runtime: { ...RPC_DEFAULTS.runtime, host_packet_us: String(CASE_STUDY_HOST_PACKET_US) } }),
    link_profile: "ethernet-10m",
  },
  {
    id: "calibrate-model",
    label: "Calibrate the model",
    kind: "rpc",
    source: "Khandker & Teorey's Table 2 and Figure 2 method, checked against a known fault (a calibration run)",
    note: "plants a 2 ms delay in c.marshal on every call at the 3-thread points (the 1-thread points, the model's bases, run without it), so you can see the Model tab flag those points and name the step; 1-packet requests, think 0 and 3 ms, on ethernet-10m",
    fields: rpc({ procedure: "sink", request_sizes: listSweep(CALIBRATION_BYTES), threads: listSweep([1, 3]), think_time_us: listSweep([0, 3000]), cache: ["per-thread"], calls: "100", warmup_calls: "10", inject: CALIBRATION_FAULT }),
    link_profile: "ethernet-10m",
  },
];

/** The form a preset gives: its fields over the defaults, keeping the chosen agents and a typed name. */
export function applyPreset(form: LaunchForm, preset: Preset): LaunchForm {
  return {
    ...DEFAULT_FORM,
    ...preset.fields,
    client_agent_id: form.client_agent_id,
    server_agent_id: form.server_agent_id,
    link_profile: preset.link_profile ?? form.link_profile,
    // a name the user typed stays; a name a preset gave follows the new preset
    name: form.name.trim() && !PRESETS.some((p) => p.label === form.name) ? form.name : preset.label,
  };
}
