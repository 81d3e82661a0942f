// Which latency a percentile is (issue 32): a closed loop sends each call when the last returned, so a stalled
// server keeps calls from being sent and its tail hides them (coordinated omission); an open loop sends at a set
// rate and counts each call's latency from its intended send. Every view that shows a percentile says which,
// from the run's params as the backend reads them (analysis/open_loop.py loop_of).

export type Loop = "closed" | "open";

/** What the UI says of each loop. */
export const LOOP_WORDS: Record<Loop | "mixed", string> = {
  closed: "closed loop",
  open: "open loop (latency from intended send)",
  mixed: "open and closed loop points",
};

/** The same, beside numbers that are RTT whatever the loop (the run's overall statistics, the live chart, a
 * compare of runs): an open loop's RTT is not its latency. */
export const LOOP_RTT_WORDS: Record<Loop | "mixed", string> = {
  closed: "closed loop",
  open: "open loop: RTT from actual send, not latency from intended send",
  mixed: "open and closed loop points: RTT from actual send",
};

/** Why the label matters, for a title (hover). */
export const LOOP_TITLES: Record<Loop | "mixed", string> = {
  closed: "closed loop: each call sent when the last returned; a stalled server delays the next send, so its tail misses the calls users would have met (coordinated omission)",
  open: "open loop: calls sent at a set rate; each call's latency counts from its intended send (RTT + send lag), so a stall is charged to every call it held up",
  mixed: "some points were run open loop (latency from intended send), others closed loop (RTT)",
};

type Params = Record<string, unknown>;
type WithParams = { params?: unknown } | null | undefined;

const isOpen = (p: Params) => Boolean(p.rate_calls_s) && (p.arrival ?? "closed") !== "closed";

function pointsOf(params: Params): Params[] {
  return Array.isArray(params.points) ? (params.points as Params[]) : [];
}

/** A run's loop, or one point's: open when run at a rate with open-loop arrivals (its params merged with the
 * point's entry in params.points, as the analyses merge them). A run of points in both loops is "mixed". */
export function loopOf(run: WithParams, pointNo?: number): Loop | "mixed" {
  const params = (run?.params ?? {}) as Params;
  const points = pointsOf(params);
  if (pointNo !== undefined) {
    const own = points.find((p, i) => (p.point_no ?? i) === pointNo) ?? {};
    return isOpen({ ...params, ...own }) ? "open" : "closed";
  }
  if (!points.length) return isOpen(params) ? "open" : "closed";
  const open = points.filter((p) => isOpen({ ...params, ...p })).length;
  return open === 0 ? "closed" : open === points.length ? "open" : "mixed";
}

/** "closed loop" / "open loop (latency from intended send)" of a run or one of its points. */
export function loopWords(run: WithParams, pointNo?: number): string {
  return LOOP_WORDS[loopOf(run, pointNo)];
}

/** What a point's summary statistics are of: its latency from the intended send in an open loop (the backend's
 * point summary `latency`), else its RTT. */
export function measureWords(loop: Loop | "mixed"): string {
  return loop === "open" ? "Latency from intended send" : loop === "mixed" ? "Latency (open loop) / RTT (closed loop)" : "RTT";
}

/** A small tag saying which latency the percentiles beside it are; `rtt` when they are RTT whatever the loop. */
export function LoopTag({ loop, rtt = false, testId = "loop-tag" }: { loop: Loop | "mixed"; rtt?: boolean; testId?: string }) {
  return (
    <span className={`loop-tag loop-${loop}`} data-testid={testId} data-loop={loop} title={LOOP_TITLES[loop]}>
      {(rtt ? LOOP_RTT_WORDS : LOOP_WORDS)[loop]}
    </span>
  );
}
