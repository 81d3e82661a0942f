// The one point reader (kinds/index.ts runPoints) and the packet size: rpc, ping-pong, stream and flows runs.
import { describe, expect, it } from "vitest";
import { runPoints } from "../kinds";
import { packetDataOf } from "./figurePoints";

const pts = [
  { point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0, protection: "none", cache: "per-thread" },
  { point_no: 1, request_bytes: 4016, threads: 1, think_time_us: 0, protection: "privacy", cache: "per-thread" },
];
const run = (kind: string, params: object) => ({ kind, params: params as never });

describe("a run's points", () => {
  it("reads the points of every kind the same way on every page", () => {
    expect(runPoints(run("rpc", { points: pts }))).toBe(pts);
    expect(runPoints(run("pingpong", { request_bytes: 64, response_bytes: 128 }))).toEqual([{ point_no: 0, request_bytes: 64, response_bytes: 128 }]);
    expect(runPoints(run("stream", { message_bytes: 65536 }))).toEqual([{ point_no: 0, request_bytes: 65536 }]);
    expect(runPoints(run("flows", { request_bytes: 64, response_bytes: 64, flows: 4 }))).toEqual([{ point_no: 0, request_bytes: 64, response_bytes: 64, threads: 4 }]);
    expect(runPoints(undefined)).toEqual([]);
  });
  it("reads the packet size", () => {
    expect(packetDataOf({ packetisation: { packet_data: 4016 } })).toBe(4016);
    expect(packetDataOf({ transport: "tcp" })).toBeNull();
  });
});
