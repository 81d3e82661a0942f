// Control flows: N threads or processes, one TCP ping-pong connection each (the ECS paper's control flows).
import { formatCount } from "../format";
import { FlowsFields } from "../pages/launch/KindFields";
import { LIMITS } from "../pages/launch/limits";
import { checkInt, put } from "../pages/launch/form";
import { callsRow, checkCalls, checkSizes, sizedCalls, sizesFromParams, sizesRow, sizesText, str, transportRow } from "./common";
import type { KindUnit } from "./types";

export const flows: KindUnit = {
  kind: "flows",
  label: "Control flows",
  what: "N threads or processes, one TCP connection each",
  transports: ["tcp"],
  transportHint: () => "one TCP connection per flow",
  linkProfile: false,
  sizes: true,
  callsLabel: "Calls per flow",
  Fields: FlowsFields,
  validate(form, errors) {
    checkSizes(form, errors, LIMITS.tcpMaxBytes);
    checkCalls(form, errors);
    if (form.mode !== "threads" && form.mode !== "processes") errors.mode = "Mode must be threads or processes";
    put(errors, "flows", checkInt(form.flows, "Flows", 1, LIMITS.maxFlows));
    const total = Number(form.flows) * (Number(form.calls) + Number(form.warmup_calls));
    if (!errors.flows && !errors.calls && !errors.warmup_calls && total > LIMITS.maxFlowsCallsTotal) {
      errors.calls = `Calls: flows × (calls + warm-up calls) must be at most ${LIMITS.maxFlowsCallsTotal} (got ${total})`;
    }
  },
  body: (form, common) => ({
    kind: "flows", ...common.agents, transport: "tcp", mode: form.mode ?? "threads", flows: Number((form.flows ?? "").trim()),
    ...sizedCalls(form), ...common.named,
  }),
  formFromParams: (params, base) => ({
    ...sizesFromParams(params, base),
    mode: params.mode === "processes" ? "processes" : "threads",
    flows: str(params.flows, base.flows ?? ""),
  }),
  pointCount: () => 1,
  basePoints: () => 0,
  rounds: () => 1,
  work: (form) => ({ calls: (Number(form.calls) + Number(form.warmup_calls)) * Number(form.flows) }),

  callsPer: "per flow",
  sweeps: false,
  paramRows: (p) => [
    transportRow(p), sizesRow(p),
    { label: "Control flows", value: `${formatCount(p.flows as number | undefined)} ${String(p.mode ?? "")}` },
    callsRow(p, "per flow"),
  ],
  sizesText,
  // a flow is a caller: the point's threads are its flows
  points: (p) => (typeof p.request_bytes === "number"
    ? [{ point_no: 0, request_bytes: p.request_bytes, response_bytes: p.response_bytes as number | undefined, threads: p.flows as number | undefined }] : []),
  sentence: (p, _points, w) =>
    `${String(p.flows)} ${String(p.mode ?? "")} control flows of ${w.transport} ping-pongs ${w.who}${w.link}: ${formatCount(p.request_bytes as number)} B request, ${formatCount(p.response_bytes as number)} B response, ${w.calls}.`,
  figures: { model: false, slowStart: false },
};
