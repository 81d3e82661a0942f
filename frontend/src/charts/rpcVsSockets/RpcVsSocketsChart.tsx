// Response time by message size on each link, UDP RPC against TCP, with each link's crossover stated beside the
// paper's finding (the ECS paper's Figures 2 and 4 from the lab's runs).
import { SeriesChart } from "../rttSize/SeriesChart";
import type { RpcVsSockets } from "../../api/studies";
import { crossoverOf, links, PAPER_FINDING, PAPER_SUMMARY, panelSeries, rowAt, TRANSPORT_LABEL } from "./transform";

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function RpcVsSocketsChart({ data, threads, width }: { data: RpcVsSockets; threads: number; width?: number }) {
  const ls = links(data.rows);
  return (
    <div className="rpc-vs-sockets" data-testid="rpc-vs-sockets">
      <div className="crossovers" data-testid="crossovers">
        <p className="muted small" data-testid="paper-summary">{PAPER_SUMMARY}</p>
        <ul>
          {ls.map((l) => {
            const c = crossoverOf(data, l, threads);
            return (
              <li key={l} data-testid={`crossover-${l}`}>
                <strong>{l}</strong>, {threads} thread{threads === 1 ? "" : "s"}:{" "}
                <span data-testid="crossover-statement">
                  {c ? c.statement : "not stated: both transports need two or more common sizes on this link"}
                </span>
                {PAPER_FINDING[l] && <span className="muted"> · {PAPER_FINDING[l]}</span>}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="study-panels">
        {ls.map((l) => {
          const series = panelSeries(data.rows, l, threads);
          return (
            <section key={l} className="study-panel" data-testid={`panel-${l}`} data-link={l}>
              <h3>
                {l === "lan-1g" ? "LAN" : l === "wan" ? "WAN" : l} <span className="muted small">({l}) · {threads} thread{threads === 1 ? "" : "s"}</span>
              </h3>
              {series.length ? (
                <SeriesChart
                  label={`Mean response time by message size on ${l}, ${threads} thread(s): ${series.map((s) => s.label).join(" vs ")}`}
                  testId={`chart-${l}`}
                  series={series}
                  xLabel="message size (KB, 1 KB = 1000 bytes)"
                  yLabel="response time (ms)"
                  xFormat={(v) => `${v}`}
                  yFormat={ms}
                  xExact={(v) => `${v} KB (${Math.round(v * 1000).toLocaleString("en-US")} bytes)`}
                  yExact={(v) => `${ms(v)} ms`}
                  extra={(kb) => (
                    <div className="muted small">
                      {rowAt(data.rows, l, threads, kb).map((r) => (
                        <div key={`${r.run_id}-${r.transport}`}>
                          {TRANSPORT_LABEL[r.transport] ? r.transport.toUpperCase() : r.transport}: median {ms(r.median_ms)} ms of {r.calls} calls (run #{r.run_id})
                        </div>
                      ))}
                    </div>
                  )}
                  width={width}
                  height={300}
                />
              ) : (
                <p className="muted">No calls at {threads} thread(s) on this link.</p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
