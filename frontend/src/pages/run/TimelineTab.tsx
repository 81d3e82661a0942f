// The Timeline tab: a page of calls at a time on the timeline chart; ?call=N links to a call, ?from=K to a page,
// ?tail=a,b,c lists calls to step through (the Results page's tail calls, named by ?tail_of=).
import { useSearchParams } from "react-router-dom";
import { TimelineChart } from "../../charts/timeline/TimelineChart";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { loadTimelineColumns } from "../../charts/timeline/wire";
import { formatCount } from "../../format";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

/** Calls fetched per page of the timeline: the backend's most (max_calls), a million spans of five-step calls. */
export const TIMELINE_CALLS = 200_000;

/** The Timeline tab: one row per call with its steps; `?call=N` links to a call, `?from=K` to a page of calls. */
export function TimelineTab({ id }: { id: string }) {
  const [params, setParams] = useSearchParams();
  const from = Math.max(0, Math.floor(Number(params.get("from") ?? "0")) || 0);
  const callParam = params.get("call");
  const focus = callParam !== null && /^\d+$/.test(callParam) ? Number(callParam) : null;
  const q = useRetryingFetch((t) => loadTimelineColumns(id, from, TIMELINE_CALLS, t), `timeline-${id}-${from}`);
  const data = q.data;

  const setParam = (patch: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    // selecting a call replaces the history entry; paging adds one (back returns to the previous page)
    setParams(p, { replace: !("from" in patch) });
  };

  const pager = data && (data.from_call > 0 || data.next_call !== null) && (
    <span className="pager-inline">
      <span className="muted small" data-testid="timeline-range">
        calls {formatCount(data.from_call)}–{formatCount(Math.min(data.to_call, data.from_call + data.calls.call_no.length) - 1)} of{" "}
        {formatCount(data.total_calls)}
      </span>
      <button type="button" className="btn btn-small" disabled={data.from_call === 0}
        onClick={() => setParam({ from: String(Math.max(0, data.from_call - TIMELINE_CALLS)), call: null })}>
        ‹ Earlier calls
      </button>
      <button type="button" className="btn btn-small" disabled={data.next_call === null}
        onClick={() => setParam({ from: String(data.next_call), call: null })}>
        Later calls ›
      </button>
    </span>
  );

  const tail = (params.get("tail") ?? "").split(",").filter((c) => /^\d+$/.test(c)).map(Number);
  const tailBar = tail.length > 0 && (
    <TailCalls calls={tail} of={params.get("tail_of")} focus={focus}
      onPick={(c) => setParam({ call: String(c), from: String(Math.floor(c / TIMELINE_CALLS) * TIMELINE_CALLS) })} />
  );

  return (
    <>
    {tailBar}
    <Panel title="Timeline" actions={pager || <span className="muted small">one row per call, its steps coloured (Sites, Figs 6.17–6.18)</span>}>
      {q.error ? (
        <div className="panel-pad">
          <ErrorBox title="Could not load the timeline" onRetry={q.retry}>
            {q.error}
          </ErrorBox>
        </div>
      ) : !data ? (
        <Loading label={loadingLabel("timeline", q.attempt)} />
      ) : data.calls.call_no.length === 0 ? (
        <Empty>No calls were recorded {data.from_call > 0 ? "in this range" : "for this run"}.</Empty>
      ) : (
        <TimelineChart
          data={data}
          focusCall={focus}
          onSelectCall={(c) => setParam({ call: c === null ? null : String(c) })}
        />
      )}
    </Panel>
    </>
  );
}

/** The tail's calls as buttons: each opens the timeline's page holding it with the call focused. */
export function TailCalls({ calls, of, focus, onPick }: {
  calls: number[]; of: string | null; focus: number | null; onPick: (call: number) => void;
}) {
  return (
    <Panel title={`Tail calls${of ? ` of ${of}` : ""} (${formatCount(calls.length)})`}
      actions={<span className="muted small">the slowest calls of the tail, in call order: pick one to focus it</span>}>
      {/* at most a few rows high: the timeline stays in view below the list */}
      <div className="panel-pad tail-calls" data-testid="tail-calls" style={{ maxHeight: 84, overflowY: "auto", display: "flex", flexWrap: "wrap", gap: 4 }}>
        {calls.map((c) => (
          <button key={c} type="button" className={`btn btn-small${c === focus ? " btn-primary" : ""}`} onClick={() => onPick(c)}>
            #{c}
          </button>
        ))}
      </div>
    </Panel>
  );
}
