// make bench: the timeline chart with 100,000 and 1,000,000 spans, in headless Chromium.
//
// Serves the built UI (frontend/dist) and two synthetic runs over real HTTP from this process (20,000 and 200,000
// calls of five steps each = 100,000 and 1,000,000 spans, as GET /api/runs/{id}/timeline answers: the range of
// calls the UI asks for, from_call and max_calls honoured), opens each run's Timeline tab and reads the timings the
// chart records (window.__perflabTimeline):
//   timeline_100k_first_render_ms  from the start of the timeline request to the end of the first canvas draw
//   timeline_1m_first_render_ms    (download, parse, layout, draw); target <= 1000
//   timeline_zoom_frame_ms         median time of one zoom frame while wheel-zooming (React render + commit +
//   timeline_1m_zoom_frame_ms      canvas draw of the new window, measured inside the animation frame); target <= 16
// TIMELINE_BENCH_PROFILE=1 also prints where the first render's time went (request, parse, layout, first draw).
// Usage: node bench/timeline_bench.mjs   (after the UI is built; Playwright comes from e2e/node_modules)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'frontend', 'dist');
const { chromium } = createRequire(path.join(ROOT, 'e2e', 'package.json'))('@playwright/test');

const ROUNDS = Number(process.env.TIMELINE_BENCH_ROUNDS ?? 3);
const PROFILE = process.env.TIMELINE_BENCH_PROFILE === '1';
/** The runs measured: run id → calls (five steps each). */
const SIZES = [
  { id: 1, calls: 20_000, label: '100k', spans: '100,000' },
  { id: 2, calls: 200_000, label: '1m', spans: '1,000,000' },
];

/** A deterministic pseudo-random run: ~20 µs round trips with a tail, calls 5 µs apart. */
function syntheticTimeline(count) {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const calls = { call_no: [], flags: [], start_ns: [], rtt_ns: [], thread: [] };
  const steps = { call_no: [], code: [], start_ns: [], end_ns: [] };
  let t = 0;
  for (let i = 0; i < count; i++) {
    const rtt = Math.round(15_000 + 10_000 * rand() + (rand() < 0.01 ? 400_000 * rand() : 0));
    calls.call_no.push(i);
    calls.flags.push(i < 10 ? 1 : 0);
    calls.start_ns.push(t);
    calls.rtt_ns.push(rtt);
    calls.thread.push(1);
    const send = Math.round(rtt * 0.15);
    const srecv = Math.round(rtt * 0.05);
    const ssend = Math.round(rtt * 0.12);
    const recv = Math.round(rtt * 0.05);
    for (const [code, a, b] of [[1, 0, send], [2, send, rtt - recv], [3, rtt - recv, rtt],
      [102, send + 2000, send + 2000 + srecv], [103, rtt - recv - ssend - 1000, rtt - recv - 1000]]) {
      steps.call_no.push(i);
      steps.code.push(code);
      steps.start_ns.push(t + a);
      steps.end_ns.push(t + b);
    }
    t += rtt + 5000;
  }
  return {
    unit: 'ns', origin_ns: 1_000_000_000_000, total_calls: count, calls, steps,
    codes: [
      { code: 1, name: 'c.send', side: 'client', paper: 'C8' },
      { code: 2, name: 'c.wait', side: 'client', paper: 'C13–C17' },
      { code: 3, name: 'c.recv', side: 'client', paper: 'C18' },
      { code: 102, name: 's.recv', side: 'server', paper: 'S4' },
      { code: 103, name: 's.send', side: 'server', paper: 'S8–S9' },
    ],
  };
}

/** The answer of GET /api/runs/{id}/timeline for calls [from_call, from_call + max_calls), as the backend gives it
 * (the backend caps max_calls at 200,000). */
function timelineRange(run, fromCall, maxCalls) {
  const n = run.total_calls;
  const a = Math.min(fromCall, n);
  const b = Math.min(n, a + maxCalls);
  const sa = a * 5; // five steps per call, in call order
  const sb = b * 5;
  const cut = (cols, x, y) => Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, v.slice(x, y)]));
  return {
    unit: run.unit, origin_ns: run.origin_ns, from_call: a, to_call: b, total_calls: n, next_call: b < n ? b : null,
    calls: cut(run.calls, a, b), steps: cut(run.steps, sa, sb), codes: run.codes,
  };
}

/** The binary answer (format=binary), laid out as the backend's services/timeline.py writes it: b"PLTL", uint32
 * header length, JSON header with the column table, padding to 8, then each column 8-aligned, little-endian. */
const BINARY_COLUMNS = [
  ['calls', 'call_no', 'int32'], ['calls', 'flags', 'int16'], ['calls', 'start_ns', 'float64'],
  ['calls', 'rtt_ns', 'float64'], ['calls', 'thread', 'int16'],
  ['steps', 'call_no', 'int32'], ['steps', 'code', 'int16'], ['steps', 'start_ns', 'float64'], ['steps', 'end_ns', 'float64'],
];
const TYPED = { int32: Int32Array, int16: Int16Array, float64: Float64Array };
function binaryAnswer(t) {
  const pad8 = (n) => (8 - (n % 8)) % 8;
  const parts = [];
  const columns = [];
  let offset = 0;
  for (const [group, name, dtype] of BINARY_COLUMNS) {
    const arr = TYPED[dtype].from(t[group][name]);
    const bytes = Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength);
    columns.push({ name: `${group}.${name}`, dtype, offset, length: arr.length });
    parts.push(bytes, Buffer.alloc(pad8(bytes.length)));
    offset += bytes.length + pad8(bytes.length);
  }
  const { calls: _c, steps: _s, ...head } = t;
  const header = Buffer.from(JSON.stringify({ ...head, columns }));
  const lead = Buffer.concat([Buffer.from('PLTL'), Buffer.alloc(4), header]);
  lead.writeUInt32LE(header.length, 4);
  return Buffer.concat([lead, Buffer.alloc(pad8(lead.length)), ...parts]);
}

function runRecord(id, calls) {
  return {
    id, kind: 'pingpong', name: `synthetic ${calls * 5} spans`, tags: [], status: 'done', reason: null,
    params: { transport: 'tcp', request_bytes: 64, response_bytes: 64, calls: calls - 10, warmup_calls: 10, timeout_s: 100 },
    client_agent: { id: 1, name: 'bench-a' }, server_agent: { id: 2, name: 'bench-b' },
    created_at: '2026-11-21T20:00:00Z', started_at: '2026-11-21T20:00:00Z', finished_at: '2026-11-21T20:00:01Z',
    calls_done: calls, calls_total: calls,
  };
}

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

function serve(runs) {
  const json = (res, body) => {
    if (Buffer.isBuffer(body)) {
      res.writeHead(200, { 'Content-Type': 'application/vnd.perflab.timeline' });
      return res.end(body);
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  // the answers are built before the first round: each round measures the transfer, not this process's encoding
  const answers = new Map();
  const answer = (id, url) => {
    const key = `${id}?${url.searchParams}`;
    if (!answers.has(key)) {
      const from = Number(url.searchParams.get('from_call') ?? 0);
      const max = Math.min(200_000, Number(url.searchParams.get('max_calls') ?? 20_000));
      const t = timelineRange(runs.get(id), from, max);
      answers.set(key, url.searchParams.get('format') === 'binary' ? binaryAnswer(t) : JSON.stringify(t));
    }
    return answers.get(key);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const m = /^\/api\/runs\/(\d+)(\/timeline)?$/.exec(url.pathname);
    if (m && runs.has(Number(m[1]))) {
      const id = Number(m[1]);
      return json(res, m[2] ? answer(id, url) : runRecord(id, runs.get(id).total_calls));
    }
    // the UI asks who is signed in before anything else: a viewer, as the timeline route requires
    if (url.pathname === '/api/auth/me') return json(res, { id: 1, name: 'bench', role: 'viewer', created_at: '2026-11-21T20:00:00Z', disabled: false });
    if (url.pathname === '/api/health') return json(res, { status: 'ok', database: 'ok', version: 'bench' });
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end('{"detail": "not in the benchmark"}');
    }
    const file = url.pathname.startsWith('/assets/') ? path.join(DIST, url.pathname) : path.join(DIST, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return server;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function oneRound(browser, base, size) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/runs/${size.id}?tab=timeline`);
  const canvas = page.getByTestId('timeline-canvas');
  await canvas.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => window.__perflabTimeline?.firstDrawAt != null, null, { timeout: 60_000 });
  const { first, phases } = await page.evaluate((id) => {
    const req = performance.getEntriesByType('resource').find((e) => e.name.includes(`/api/runs/${id}/timeline`));
    const log = window.__perflabTimeline;
    const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((e) => e.name.startsWith('timeline-'))
      .map((e) => [e.name, e.startTime - req.startTime]));
    return { first: log.firstDrawAt - req.startTime, phases: { response_end: req.responseEnd - req.startTime, ...marks } };
  }, size.id);
  const spans = await canvas.getAttribute('aria-label');
  if (!new RegExp(`${size.spans} steps`).test(spans ?? '')) throw new Error(`the chart did not get ${size.spans} spans: ${spans}`);

  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await page.evaluate(() => (window.__perflabTimeline.zoomFrames = []));
  // zoom in by a factor of about 500 and back out, one wheel notch per frame
  for (const dir of [-1, 1]) {
    for (let i = 0; i < 30; i++) {
      await page.mouse.wheel(0, dir * 150);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    }
  }
  const frames = await page.evaluate(() => window.__perflabTimeline.zoomFrames);
  if (frames.length < 30) throw new Error(`only ${frames.length} zoom frames were drawn`);
  await page.close();
  return { first, frame: median(frames), phases };
}

const runs = new Map(SIZES.map((s) => [s.id, syntheticTimeline(s.calls)]));
const server = serve(runs);
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const fmt = (o) => Object.entries(o).sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
try {
  const results = {};
  for (const size of SIZES) {
    await oneRound(browser, base, size); // warm-up: caches, JIT, the server's answer
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(browser, base, size));
    results[size.label] = rounds;
    if (PROFILE) for (const r of rounds) console.error(`${size.label}: first draw ${r.first.toFixed(0)} ms = ${fmt(r.phases)} (ms after the request's start)`);
  }
  const first = (label) => median(results[label].map((r) => r.first));
  const frame = (label) => median(results[label].map((r) => r.frame));
  console.log(`timeline_100k_first_render_ms: ${first('100k').toFixed(1)} ms`);
  console.log(`timeline_zoom_frame_ms: ${frame('100k').toFixed(2)} ms`);
  console.log(`timeline_1m_first_render_ms: ${first('1m').toFixed(1)} ms`);
  console.log(`timeline_1m_zoom_frame_ms: ${frame('1m').toFixed(2)} ms`);
} finally {
  await browser.close();
  server.close();
}
