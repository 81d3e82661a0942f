// The timeline's binary answer (GET /api/runs/{id}/timeline?format=binary): the columns arrive as typed arrays
// viewed in place in the response's buffer, so a million spans cost no JSON parse and no per-number objects.
import type { TimelineData } from "../../api/types";
import { ApiError, TIMEOUT_STATUS, errorFromBody } from "../../api/errors";
import { apiFetch } from "../../api/http";
import { href } from "../../api/call";

/** The timeline's data as the chart reads it: the JSON answer's columns, or typed arrays of the binary one. */
export type TimelineColumns = Omit<TimelineData, "calls" | "steps"> & {
  calls: { call_no: ArrayLike<number>; flags: ArrayLike<number>; start_ns: ArrayLike<number>; rtt_ns: ArrayLike<number>; thread?: ArrayLike<number>; retransmits?: ArrayLike<number> };
  steps: { call_no: ArrayLike<number>; code: ArrayLike<number>; start_ns: ArrayLike<number>; end_ns: ArrayLike<number> };
};

const MAGIC = "PLTL";
const ARRAYS = { int32: Int32Array, int16: Int16Array, float64: Float64Array } as const;
type Dtype = keyof typeof ARRAYS;

interface ColumnHead {
  name: string;
  dtype: Dtype;
  offset: number;
  length: number;
}

/** The columns the chart needs, each with the type the backend sends it as (services/timeline.py). */
const REQUIRED: Record<string, Dtype> = {
  "calls.call_no": "int32", "calls.flags": "int16", "calls.start_ns": "float64", "calls.rtt_ns": "float64",
  "calls.thread": "int16", "steps.call_no": "int32", "steps.code": "int16", "steps.start_ns": "float64",
  "steps.end_ns": "float64",
};

/** Decodes the binary answer: b"PLTL", uint32 header length, a JSON header, padding to 8, then the columns. */
export function decodeTimeline(buf: ArrayBuffer): TimelineColumns {
  if (buf.byteLength < 8 || new TextDecoder().decode(new Uint8Array(buf, 0, 4)) !== MAGIC) {
    throw new Error("the timeline answer is not in the binary timeline format (no PLTL mark)");
  }
  const headLen = new DataView(buf).getUint32(4, true);
  if (8 + headLen > buf.byteLength) throw new Error(`the timeline answer is cut short (header of ${headLen} bytes)`);
  const head = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, headLen))) as Record<string, unknown> & { columns: ColumnHead[] };
  const body = Math.ceil((8 + headLen) / 8) * 8;
  const groups: Record<string, Record<string, ArrayLike<number>>> = { calls: {}, steps: {} };
  for (const c of head.columns) {
    const Arr = ARRAYS[c.dtype];
    if (!Arr) throw new Error(`timeline column ${c.name} has an unknown type ${c.dtype}`);
    const at = body + c.offset;
    if (at % Arr.BYTES_PER_ELEMENT !== 0 || at + c.length * Arr.BYTES_PER_ELEMENT > buf.byteLength) {
      throw new Error(`timeline column ${c.name} lies outside the answer (offset ${c.offset}, ${c.length} values)`);
    }
    const [group, field] = c.name.split(".");
    if (groups[group]) groups[group][field] = new Arr(buf, at, c.length);
  }
  for (const [name, dtype] of Object.entries(REQUIRED)) {
    const [group, field] = name.split(".");
    if (!groups[group][field]) throw new Error(`the timeline answer has no column ${name} (${dtype})`);
  }
  const { columns: _columns, ...rest } = head;
  return { ...(rest as Omit<TimelineData, "calls" | "steps">), calls: groups.calls as TimelineColumns["calls"], steps: groups.steps as TimelineColumns["steps"] };
}

/** A range of a run's calls and steps in the binary format; an ApiError when refused (the backend's reason), when
 * no answer came within `timeoutMs` (TIMEOUT_STATUS, retried by the tab) or the backend is unreachable (status 0). */
export async function loadTimelineColumns(id: number | string, fromCall: number, maxCalls: number, timeoutMs?: number): Promise<TimelineColumns> {
  const ctrl = new AbortController();
  const timer = timeoutMs ? setTimeout(() => ctrl.abort(), timeoutMs) : undefined;
  const path = href("/api/runs/{run_id}/timeline", { run_id: Number(id) }, { from_call: fromCall, max_calls: maxCalls, format: "binary" });
  let res: Response;
  let buf: ArrayBuffer;
  try {
    res = await apiFetch(path, { signal: ctrl.signal });
    buf = await res.arrayBuffer();
  } catch (e) {
    if (ctrl.signal.aborted) throw new ApiError(TIMEOUT_STATUS, `No answer from ${path} within ${Math.round((timeoutMs ?? 0) / 1000)} s`);
    throw new ApiError(0, `Cannot reach the backend (${e instanceof Error ? e.message : String(e)})`);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = JSON.parse(new TextDecoder().decode(buf));
    } catch {
      // not JSON: the status alone says what went wrong
    }
    throw errorFromBody(res.status, body);
  }
  return decodeTimeline(buf);
}

/** Writes the binary format, as the backend does (services/timeline.py): for tests and tools that fake the backend. */
export function encodeTimeline(data: TimelineColumns): ArrayBuffer {
  const { calls, steps, ...head } = data;
  const cols = Object.entries(REQUIRED).map(([name, dtype]) => {
    const [group, field] = name.split(".");
    const values = (group === "calls" ? (calls as Record<string, ArrayLike<number> | undefined>) : (steps as Record<string, ArrayLike<number>>))[field];
    return { name, dtype, values: ARRAYS[dtype].from(values ?? new Int32Array(calls.call_no.length)) };
  });
  let offset = 0;
  const columns = cols.map((c) => {
    const at = offset;
    offset += Math.ceil(c.values.byteLength / 8) * 8;
    return { name: c.name, dtype: c.dtype, offset: at, length: c.values.length };
  });
  const header = new TextEncoder().encode(JSON.stringify({ ...head, columns }));
  const body = Math.ceil((8 + header.length) / 8) * 8;
  const out = new ArrayBuffer(body + offset);
  const bytes = new Uint8Array(out);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out).setUint32(4, header.length, true);
  bytes.set(header, 8);
  cols.forEach((c, i) => bytes.set(new Uint8Array(c.values.buffer, c.values.byteOffset, c.values.byteLength), body + columns[i].offset));
  return out;
}
