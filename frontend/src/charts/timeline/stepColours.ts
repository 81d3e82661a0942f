// Timeline colours by side and segment, from the generated step table (steps.generated.ts, agents/steps.toml): a hue
// family per side (client blues, server oranges, kernel greens, the network grey-violet), a shade per segment of
// the call (preparing, sending, waiting, receiving, finishing; idle waits lightest), neighbours within a segment a
// step apart in lightness. 25 RPC steps in ~6 palette colours had made c.wait, s.ack and k.c.net the same red.
import { STEPS, type StepInfo } from "../../steps.generated";

export type Segment = "prepare" | "send" | "wait" | "receive" | "work" | "finish" | "kernel-out" | "network" | "kernel-in";

const CLIENT: Record<string, Segment> = {
  start: "prepare", bind: "prepare", marshal: "prepare", copy: "prepare", queue: "prepare",
  send: "send", sendmsg: "send", post_send: "send", retransmit: "send",
  wait: "wait", recv: "receive", ack: "receive", unmarshal: "receive", end: "finish", free: "finish",
};
const SERVER: Record<string, Segment> = {
  wait: "wait", idle: "wait", recv: "receive", receive: "receive", ack: "receive",
  dispatch: "work", unmarshal: "work", service: "work", marshal: "work",
  send: "send", sendmsg: "send", reply_wait: "send", end: "finish",
};

/** The segment of the call a step times: by its side and what it does (its name after the side's prefix). */
export function segmentOf(step: Pick<StepInfo, "name" | "side">): Segment {
  const what = step.name.replace(/^[csk]\.(?:[cs]\.)?/, "");
  if (step.side === "kernel") {
    if (what === "net") return "network";
    return what === "rx" ? "kernel-in" : "kernel-out";
  }
  return (step.side === "client" ? CLIENT : SERVER)[what] ?? "work";
}

const SIDE_HUE: Record<StepInfo["side"], number> = { client: 215, server: 28, kernel: 150 };
// lightness of a segment's first step (%); waits are idle time, drawn pale
const SEGMENT_LIGHT: Record<Segment, number> = {
  prepare: 60, send: 38, wait: 82, receive: 28, work: 46, finish: 70, "kernel-out": 32, network: 70, "kernel-in": 58,
};
export const SEGMENT_LABEL: Record<Segment, string> = {
  prepare: "preparing", send: "sending", wait: "waiting", receive: "receiving", work: "serving", finish: "finishing",
  "kernel-out": "kernel, sending", network: "network and peer", "kernel-in": "kernel, receiving",
};
export const SIDE_LABEL: Record<StepInfo["side"], string> = { client: "Client", server: "Server", kernel: "Kernel" };

function hslHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function build(): Map<number, string> {
  const out = new Map<number, string>();
  const seen = new Map<string, number>(); // side/segment → steps coloured so far
  for (const s of STEPS) {
    const seg = segmentOf(s);
    const key = `${s.side}/${seg}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const hue = seg === "network" ? 265 : SIDE_HUE[s.side];
    // a ping-pong step and the RPC step of the same name share a colour; others in a segment step 6 % apart
    const same = STEPS.find((o) => o.name === s.name && out.has(o.code));
    out.set(s.code, same ? out.get(same.code)! : hslHex(hue, seg === "wait" ? 55 : 70, Math.min(92, SEGMENT_LIGHT[seg] + k * 6)));
  }
  return out;
}
const BY_CODE = build();
const UNKNOWN = "#9a9a9a";

/** A step's timeline colour (an unknown code: grey, as a code the registry does not have). */
export function stepColour(code: number): string {
  return BY_CODE.get(code) ?? UNKNOWN;
}

/** The legend's groups of the steps shown: side, segment, its steps, in the registry's order. */
export function legendGroups(codes: { code: number; name: string }[]): { key: string; label: string; steps: { code: number; name: string; colour: string }[] }[] {
  const groups = new Map<string, { key: string; label: string; steps: { code: number; name: string; colour: string }[] }>();
  for (const c of codes) {
    const info = STEPS.find((s) => s.code === c.code);
    const key = info ? `${info.side}/${segmentOf(info)}` : "other";
    const label = info ? `${SIDE_LABEL[info.side]} · ${SEGMENT_LABEL[segmentOf(info)]}` : "Other";
    const g = groups.get(key) ?? { key, label, steps: [] };
    g.steps.push({ code: c.code, name: c.name, colour: stepColour(c.code) });
    groups.set(key, g);
  }
  return [...groups.values()];
}
