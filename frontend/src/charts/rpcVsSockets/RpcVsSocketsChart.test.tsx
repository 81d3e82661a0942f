// The study's figure: a panel per link, a line per transport, the crossover stated beside the paper's finding.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { RpcVsSocketsChart } from "./RpcVsSocketsChart";
import { links, panelSeries, threadCounts } from "./transform";
import type { RpcVsSockets, StudyRow } from "../../api/studies";

const SIZES = [1000, 20000, 40000, 60000, 80000, 100000];
const row = (run_id: number, link_profile: string, transport: string, request_bytes: number, threads: number, mean_ms: number): StudyRow =>
  ({ run_id, link_profile, transport, request_bytes, threads, calls: 19, mean_ms, median_ms: mean_ms * 0.98 });

const studyFixture: RpcVsSockets = {
  rows: [
    ...SIZES.flatMap((b) => [1, 4].map((t) => row(1, "lan-1g", "udp", b, t, 0.3 + b / 40000))),
    ...SIZES.flatMap((b) => [1, 4].map((t) => row(2, "lan-1g", "tcp", b, t, 0.2 + b / 60000))),
    ...SIZES.flatMap((b) => [1, 4].map((t) => row(3, "wan", "udp", b, t, 61 + b / 2000))),
    ...SIZES.flatMap((b) => [1, 4].map((t) => row(4, "wan", "tcp", b, t, 60 + b / 1000))),
  ],
  crossovers: [
    { link_profile: "lan-1g", threads: 1, sizes: 6, crossover_kb: null, udp_faster_kb: [], statement: "on lan-1g RPC over UDP is not faster than over TCP at any size up to 100 KB" },
    { link_profile: "lan-1g", threads: 4, sizes: 6, crossover_kb: null, udp_faster_kb: [], statement: "on lan-1g RPC over UDP is not faster than over TCP at any size up to 100 KB (4)" },
    { link_profile: "wan", threads: 1, sizes: 6, crossover_kb: 2, udp_faster_kb: [20, 40, 60, 80, 100], statement: "on wan RPC over UDP is faster than over TCP above about 2.0 KB" },
    { link_profile: "wan", threads: 4, sizes: 6, crossover_kb: 2, udp_faster_kb: [20, 40, 60, 80, 100], statement: "on wan RPC over UDP is faster than over TCP above about 2.0 KB (4)" },
  ],
};

describe("rpcVsSockets transform", () => {
  it("orders the links LAN then WAN, gives one series per transport in KB and ms", () => {
    expect(links([...studyFixture.rows].reverse())).toEqual(["lan-1g", "wan"]);
    expect(threadCounts(studyFixture.rows)).toEqual([1, 4]);
    const s = panelSeries(studyFixture.rows, "wan", 1);
    expect(s.map((x) => x.id)).toEqual(["udp", "tcp"]);
    expect(s[0].points.map((p) => p.x)).toEqual([1, 20, 40, 60, 80, 100]);
    expect(s[1].points[5].y).toBeCloseTo(160);
  });
});

describe("RpcVsSocketsChart", () => {
  it("draws both transports on each link and states each link's crossover beside the paper's finding", () => {
    render(<RpcVsSocketsChart data={studyFixture} threads={1} width={600} />);
    for (const link of ["lan-1g", "wan"]) {
      const panel = screen.getByTestId(`panel-${link}`);
      expect(panel.querySelectorAll('[data-series="udp"] circle')).toHaveLength(6);
      expect(panel.querySelectorAll('[data-series="tcp"] circle')).toHaveLength(6);
      expect(panel.querySelectorAll('[data-series] path')).toHaveLength(2);
      expect(panel.textContent).toContain("response time (ms)");
      expect(panel.textContent).toContain("message size (KB");
      expect(panel.textContent).toContain("UDP RPC (per-message error control)");
      expect(panel.textContent).toContain("TCP (per-segment error control)");
    }
    expect(screen.getByTestId("crossover-lan-1g").textContent).toContain("on lan-1g RPC over UDP is not faster than over TCP at any size up to 100 KB");
    expect(screen.getByTestId("crossover-lan-1g").textContent).toContain("paper (LAN, Figure 2): sockets faster at every size");
    expect(screen.getByTestId("crossover-wan").textContent).toContain("above about 2.0 KB");
    expect(screen.getByTestId("crossover-wan").textContent).toContain("RPC faster above about 20 KB");
    expect(screen.getByTestId("paper-summary").textContent).toBe("paper: sockets faster on the LAN at every size; RPC faster on the WAN above about 20 KB");
  });

  it("follows the thread count and gives exact values on hover", () => {
    render(<RpcVsSocketsChart data={studyFixture} threads={4} width={600} />);
    expect(screen.getByTestId("crossover-wan").textContent).toContain("(4)");
    const chart = within(screen.getByTestId("panel-wan")).getByTestId("chart-wan");
    fireEvent.keyDown(chart, { key: "ArrowRight" });
    const tip = screen.getByRole("tooltip").textContent!;
    expect(tip).toContain("1 KB (1,000 bytes)");
    expect(tip).toContain("UDP RPC (per-message error control): 61.5 ms");
    expect(tip).toContain("TCP (per-segment error control): 61.0 ms");
    expect(tip).toContain("median");
  });
});
