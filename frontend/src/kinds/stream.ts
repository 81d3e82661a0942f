// One-way streaming throughput: messages as fast as they go for a duration, over TCP or UDP (a datagram each).
import { formatBytes, formatCount } from "../format";
import { StreamFields } from "../pages/launch/KindFields";
import { LIMITS } from "../pages/launch/limits";
import { checkInt, int, put } from "../pages/launch/form";
import { str, transportRow } from "./common";
import type { KindUnit } from "./types";

const n = (v: unknown) => (typeof v === "number" ? v : undefined);

export const stream: KindUnit = {
  kind: "stream",
  label: "Stream",
  what: "one-way streaming throughput",
  transports: ["tcp", "udp"],
  transportHint: (t) => (t === "udp" ? "one datagram per message; loss = sent − received" : "one connection, as fast as it takes"),
  linkProfile: false,
  sizes: false,
  callsLabel: null,
  Fields: StreamFields,
  validate(form, errors) {
    const max = form.transport === "udp" ? LIMITS.udpMaxDatagram : LIMITS.tcpMaxBytes;
    const tr = form.transport === "udp" ? " for UDP" : " for TCP";
    put(errors, "message_bytes", checkInt(form.message_bytes, "Message size", LIMITS.minBytes, max, ` bytes${tr}`));
    put(errors, "duration_s", checkInt(form.duration_s, "Duration", 1, LIMITS.maxStreamS, " s"));
    put(errors, "interval_ms", checkInt(form.interval_ms, "Interval", LIMITS.minIntervalMs, LIMITS.maxIntervalMs, " ms"));
  },
  body: (form, common) => ({
    kind: "stream", ...common.agents, transport: form.transport, message_bytes: int(form.message_bytes),
    duration_s: int(form.duration_s), interval_ms: int(form.interval_ms), ...common.named,
  }),
  formFromParams: (params, base) => ({
    message_bytes: str(params.message_bytes, base.message_bytes ?? ""),
    duration_s: str(params.duration_s, base.duration_s ?? ""),
    interval_ms: str(params.interval_ms, base.interval_ms ?? ""),
  }),
  pointCount: () => 1,
  basePoints: () => 0,
  rounds: () => 1,
  work: (form) => ({ seconds: Number(form.duration_s) }),

  callsPer: "",
  sweeps: false,
  paramRows: (p) => [
    transportRow(p),
    { label: "Message", value: formatBytes(n(p.message_bytes)) },
    { label: "Duration", value: `${n(p.duration_s) ?? "—"} s`, note: `intervals of ${n(p.interval_ms) ?? "—"} ms` },
  ],
  sizesText: (p) => (typeof p.message_bytes === "number" ? `${formatBytes(p.message_bytes)} messages` : "—"),
  points: (p) => (typeof p.message_bytes === "number" ? [{ point_no: 0, request_bytes: p.message_bytes }] : []),
  sentence: (p, _points, w) =>
    `A ${w.transport} stream of ${formatCount(p.message_bytes as number)} B messages ${w.who}${w.link} for ${String(p.duration_s)} s.`,
  figures: { model: false, slowStart: false },
};
