// Point labels for the figure tabs: only what the run varies, for rpc and ping-pong runs.
import { describe, expect, it } from "vitest";
import { packetDataOf, pointLabel, runPoints } from "./figurePoints";

const pts = [
  { point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0, protection: "none", cache: "per-thread" },
  { point_no: 1, request_bytes: 4016, threads: 1, think_time_us: 0, protection: "privacy", cache: "per-thread" },
];

describe("point labels", () => {
  it("names only what the run varies", () => {
    expect(pointLabel(pts[1], pts, 1)).toBe("point 1: 4016 B, privacy");
    expect(pointLabel(undefined, pts, 7)).toBe("point 7");
    expect(pointLabel({ point_no: 0, request_bytes: 64 }, [{ point_no: 0, request_bytes: 64 }], 0)).toBe("point 0: 64 B");
  });
  it("reads the points of rpc and ping-pong runs and the packet size", () => {
    expect(runPoints({ points: pts })).toBe(pts);
    expect(runPoints({ request_bytes: 64, response_bytes: 64 })).toEqual([{ point_no: 0, request_bytes: 64, response_bytes: 64 }]);
    expect(packetDataOf({ packetisation: { packet_data: 4016 } })).toBe(4016);
    expect(packetDataOf({ transport: "tcp" })).toBeNull();
  });
});
