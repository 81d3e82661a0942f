// The compare page's parameter table: every run's parameters and link, with what differs between the runs marked.
import { describe, expect, it } from "vitest";
import type { Run } from "../../api/types";
import { runFixture } from "../../test/fakeApi";
import { paramLines } from "./paramTable";

// two case-study runs as launched from the preset, one per cache policy
function caseStudy(id: number, cache: string, over: Record<string, unknown> = {}): Run {
  const points = [1392, 4016].flatMap((request_bytes) => [1, 3, 6].flatMap((threads) => [0, 9000, 18000].map((think_time_us) => ({ request_bytes, threads, think_time_us, protection: "none", cache }))))
    .map((p, point_no) => ({ point_no, ...p }));
  return runFixture({
    id, kind: "rpc", status: "done", created_at: `2026-11-23T10:0${id}:00Z`, finished_at: `2026-11-23T10:0${id + 1}:00Z`,
    params: { transport: "udp", procedure: "sink", work_us: 0, calls: 200, warmup_calls: 10, server_threads: 4, packet_data: 4016, mtu: 1500, host_packet_us: 1000, seed: 1, points, ...over },
    link: { profile: "ethernet-10m", emulated: true, rate_mbit: 10 },
  }) as unknown as Run;
}

const line = (runs: Run[], key: string) => paramLines(runs).find((l) => l.key === key);

describe("paramLines", () => {
  it("lists the sweep's lists, run parameters and the link, and marks the cache policy as what differs", () => {
    const runs = [caseStudy(1, "per-thread"), caseStudy(2, "single")];
    const lines = paramLines(runs);
    expect(line(runs, "request_bytes")).toMatchObject({ values: ["1392 B, 4016 B", "1392 B, 4016 B"], differs: false, group: "sweep" });
    expect(line(runs, "threads")!.values[0]).toBe("1, 3, 6");
    expect(line(runs, "think_time_us")!.values[0]).toBe("none, 9 ms, 18 ms");
    expect(line(runs, "cache")).toMatchObject({ values: ["per-thread", "single"], differs: true });
    expect(line(runs, "link")!.values[0]).toBe("ethernet-10m · 10 Mbit/s");
    expect(line(runs, "host_packet_us")!.values[0]).toBe("1,000 µs");
    expect(line(runs, "points")!.values).toEqual(["18", "18"]);
    expect(line(runs, "packet_data")!.values[0]).toBe("4,016 B");
    // when and how long are shown but not marked: every two runs differ there
    expect(line(runs, "created")).toMatchObject({ group: "run", differs: false });
    expect(lines.filter((l) => l.differs).map((l) => l.key)).toEqual(["cache"]);
  });

  it("marks every parameter that differs, over more than two runs, and leaves out what no run has", () => {
    const runs = [caseStudy(1, "single"), caseStudy(2, "single", { host_packet_us: 0 }), caseStudy(3, "single")];
    runs[2].link = { profile: "loopback", emulated: false };
    // as the API sends them: packet data and MTU inside packetisation
    for (const r of runs) (r.params as unknown as Record<string, unknown>).packetisation = { packet_data: 4016, mtu: 1500 };
    for (const r of runs) { delete (r.params as unknown as Record<string, unknown>).packet_data; delete (r.params as unknown as Record<string, unknown>).mtu; }
    expect(line(runs, "mtu")!.values).toEqual(["1,500 B", "1,500 B", "1,500 B"]);
    expect(paramLines(runs).filter((l) => l.differs).map((l) => l.key)).toEqual(["host_packet_us", "link"]);
    expect(line(runs, "link")!.values[2]).toBe("loopback (not emulated)");
    expect(line(runs, "window")).toBeUndefined();
  });

  it("a ping-pong against an RPC sweep: the response size and the sweep rows differ", () => {
    const runs = [runFixture({ status: "done" }) as unknown as Run, caseStudy(2, "single")];
    expect(line(runs, "request_bytes")!.values).toEqual(["64 B", "1392 B, 4016 B"]);
    expect(line(runs, "response_bytes")!.values).toEqual(["64 B", "—"]);
    expect(line(runs, "kind")!.differs).toBe(true);
  });
});
