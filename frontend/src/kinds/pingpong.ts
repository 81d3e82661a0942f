// The socket ping-pong: one request/response connection between two agents, closed loop or open-loop arrivals at
// a rate (open-loop load), over an emulated link profile (link experiments). One point: its own params.
import { formatCount } from "../format";
import { ArrivalFields } from "../pages/launch/ArrivalFields";
import { LIMITS } from "../pages/launch/limits";
import { checkArrival, checkInt, put, type Arrival } from "../pages/launch/form";
import { callsRow, checkCalls, checkSizes, sizedCalls, sizesFromParams, sizesRow, sizesText, str, transportRow } from "./common";
import type { KindUnit } from "./types";

export const pingpong: KindUnit = {
  kind: "pingpong",
  label: "Socket ping-pong",
  what: "one request/response connection between two agents",
  transports: ["tcp", "udp"],
  transportHint: (t) => (t === "udp" ? "datagrams; a reply later than 1 s counts as an error" : "one connection, request/response"),
  linkProfile: true,
  sizes: true,
  callsLabel: "Calls",
  MoreFields: ArrivalFields,
  validate(form, errors) {
    checkSizes(form, errors);
    checkCalls(form, errors);
    const arrival = checkArrival(form, errors);
    if (arrival && arrival !== "closed") {
      put(errors, "rate_calls_s", checkInt(form.rate_calls_s, "Rate", LIMITS.minRate, LIMITS.maxRate, " calls/s"));
    }
  },
  body(form, common) {
    const arrival = form.arrival ?? "closed";
    const link = form.link_profile && form.link_profile !== "loopback" ? { link_profile: form.link_profile } : {};
    // a closed loop sends no arrival fields: the body is as before open-loop arrivals
    const open = arrival !== "closed" ? { arrival, rate_calls_s: Number((form.rate_calls_s ?? "").trim()) } : {};
    return { kind: "pingpong", ...common.agents, transport: form.transport, ...sizedCalls(form), ...common.named, ...link, ...open };
  },
  formFromParams: (params, base) => ({
    ...sizesFromParams(params, base),
    arrival: (params.arrival as Arrival | undefined) ?? "closed",
    rate_calls_s: str(params.rate_calls_s, base.rate_calls_s ?? "1000"),
  }),
  pointCount: () => 1,
  basePoints: () => 0,
  rounds: () => 1,
  work: (form) => ({ calls: Number(form.calls) + Number(form.warmup_calls) }),

  callsPer: "",
  sweeps: false,
  paramRows: (p) => [transportRow(p), sizesRow(p), callsRow(p, "")],
  sizesText,
  points: (p) => (typeof p.request_bytes === "number"
    ? [{ point_no: 0, request_bytes: p.request_bytes, response_bytes: p.response_bytes as number | undefined }] : []),
  sentence: (p, _points, w) =>
    `${w.transport} ping-pongs ${w.who}${w.link}: ${formatCount(p.request_bytes as number)} B request, ${formatCount(p.response_bytes as number)} B response, ${w.calls}.`,
  figures: { model: false, slowStart: false },
};
