// The Model tab's base point (fewest threads, least think time for a size) and the steps offered as what-if sliders.
import { describe, expect, it } from "vitest";
import { basePoint, sliderKeys } from "./transform";

describe("model transform", () => {
  it("bases a size's model on its fewest-threads, least-think point", () => {
    const params = [
      { point_no: 0, request_bytes: 0, threads: 3, think_time_us: 0 },
      { point_no: 1, request_bytes: 0, threads: 1, think_time_us: 3000 },
      { point_no: 2, request_bytes: 0, threads: 1, think_time_us: 0 },
      { point_no: 3, request_bytes: 4016, threads: 1, think_time_us: 0 },
    ];
    expect(basePoint(params, "0 B")).toBe(2);
    expect(basePoint(params, "4016 B")).toBe(3);
    expect(basePoint(params, "64 B")).toBeNull();
  });

  it("offers the network and the largest on-path steps as sliders", () => {
    const segs = [
      { name: "c.sendmsg", kind: "step", mean_on_path_ns: 1900 },
      { name: "request transit", kind: "transit", mean_on_path_ns: 1300 },
      { name: "s.idle", kind: "step", mean_on_path_ns: 0 },
      { name: "gap a→b", kind: "gap", mean_on_path_ns: 20 },
      { name: "s.sendmsg", kind: "step", mean_on_path_ns: 2000 },
      { name: "c.copy", kind: "step", mean_on_path_ns: 16 },
    ];
    expect(sliderKeys(segs, 2)).toEqual(["network", "s.sendmsg", "c.sendmsg"]);
    expect(sliderKeys(segs.filter((s) => s.kind !== "transit"))).toEqual(["s.sendmsg", "c.sendmsg", "c.copy"]);
  });
});
