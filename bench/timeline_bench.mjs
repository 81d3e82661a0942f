// make bench: the timeline chart with 100,000 spans, in headless Chromium.
//
// Serves the built UI (frontend/dist) and a synthetic run over real HTTP from this process (20,000 calls of five
// steps each = 100,000 spans, in the JSON of GET /api/runs/{id}/timeline), opens the run's Timeline tab and reads
// the timings the chart records (window.__perflabTimeline):
//   timeline_100k_first_render_ms  from the start of the timeline request to the end of the first canvas draw
//                                  (download, JSON parse, layout, draw); target <= 1000
//   timeline_zoom_frame_ms         median time of one zoom frame while wheel-zooming (React render + commit +
//                                  canvas draw of the new window, measured inside the animation frame); target <= 16
// Usage: node bench/timeline_bench.mjs   (after the UI is built; Playwright comes from e2e/node_modules)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'frontend', 'dist');
const { chromium } = createRequire(path.join(ROOT, 'e2e', 'package.json'))('@playwright/test');

const CALLS = 20_000;
const ROUNDS = Number(process.env.TIMELINE_BENCH_ROUNDS ?? 3);

/** A deterministic pseudo-random run: ~20 µs round trips with a tail, calls 5 µs apart. */
function syntheticTimeline() {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const calls = { call_no: [], flags: [], start_ns: [], rtt_ns: [] };
  const steps = { call_no: [], code: [], start_ns: [], end_ns: [] };
  let t = 0;
  for (let i = 0; i < CALLS; i++) {
    const rtt = Math.round(15_000 + 10_000 * rand() + (rand() < 0.01 ? 400_000 * rand() : 0));
    calls.call_no.push(i);
    calls.flags.push(i < 10 ? 1 : 0);
    calls.start_ns.push(t);
    calls.rtt_ns.push(rtt);
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
    unit: 'ns', origin_ns: 1_000_000_000_000, from_call: 0, to_call: CALLS, total_calls: CALLS, next_call: null,
    calls, steps,
    codes: [
      { code: 1, name: 'c.send', side: 'client', paper: 'C8' },
      { code: 2, name: 'c.wait', side: 'client', paper: 'C13–C17' },
      { code: 3, name: 'c.recv', side: 'client', paper: 'C18' },
      { code: 102, name: 's.recv', side: 'server', paper: 'S4' },
      { code: 103, name: 's.send', side: 'server', paper: 'S8–S9' },
    ],
  };
}

const RUN = {
  id: 1, kind: 'pingpong', name: 'synthetic 100k spans', tags: [], status: 'done', reason: null,
  params: { transport: 'tcp', request_bytes: 64, response_bytes: 64, calls: CALLS - 10, warmup_calls: 10, timeout_s: 100 },
  client_agent: { id: 1, name: 'bench-a' }, server_agent: { id: 2, name: 'bench-b' },
  created_at: '2026-11-21T20:00:00Z', started_at: '2026-11-21T20:00:00Z', finished_at: '2026-11-21T20:00:01Z',
  calls_done: CALLS, calls_total: CALLS,
};

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

function serve(timelineJson) {
  const json = (res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  return createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/runs/1') return json(res, RUN);
    if (url.pathname === '/api/runs/1/timeline') return json(res, timelineJson);
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
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function oneRound(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/runs/1?tab=timeline`);
  const canvas = page.getByTestId('timeline-canvas');
  await canvas.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => window.__perflabTimeline?.firstDrawAt != null, null, { timeout: 60_000 });
  const first = await page.evaluate(() => {
    const req = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/runs/1/timeline'));
    return window.__perflabTimeline.firstDrawAt - req.startTime;
  });
  const spans = await canvas.getAttribute('aria-label');
  if (!/100,000 steps/.test(spans ?? '')) throw new Error(`the chart did not get 100,000 spans: ${spans}`);

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
  return { first, frame: median(frames) };
}

const server = serve(JSON.stringify(syntheticTimeline()));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await oneRound(browser, base); // warm-up: caches, JIT
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(browser, base));
  console.log(`timeline_100k_first_render_ms: ${median(rounds.map((r) => r.first)).toFixed(1)} ms`);
  console.log(`timeline_zoom_frame_ms: ${median(rounds.map((r) => r.frame)).toFixed(2)} ms`);
} finally {
  await browser.close();
  server.close();
}
