import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { agentIds, analysed, expect, finishedRpcRun, test } from './helpers';

// Export a real run from the run page's Export menu: each CSV, the trace and the PDF report (whose pages are
// rendered to PNG in artifacts/ to be looked at).
const ARTIFACTS = path.join(__dirname, '..', 'artifacts');
const CALLS = 2000;
const WARMUP = 20;
const POINT_HEADER = ['point_no', 'transport', 'request_bytes', 'response_bytes', 'threads', 'think_time_us', 'protection', 'cache'];

async function download(page: Page, item: RegExp, name: string): Promise<string> {
  await page.getByRole('button', { name: /Export/ }).click();
  const menu = page.getByTestId('export-menu');
  await expect(menu).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), menu.getByRole('menuitem', { name: item }).click()]);
  const target = path.join(ARTIFACTS, name);
  await file.saveAs(target);
  expect(await file.failure()).toBeNull();
  return target;
}

/** Downloads a PDF from the Export menu: the print's progress shows beside the button until the file arrives. */
async function downloadPdf(page: Page, item: RegExp, name: string, shot?: string): Promise<string> {
  await page.getByRole('button', { name: /Export/ }).click();
  const menu = page.getByTestId('export-menu');
  const waiting = page.waitForEvent('download', { timeout: 90_000 });
  await menu.getByRole('menuitem', { name: item }).click();
  const status = page.getByTestId('pdf-status');
  await expect(status).toBeVisible();
  await expect(status.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('pdf-stage')).toHaveText(/^\d+ s · .+ \(step \d of 5/); // the backend's stage, seconds so far
  if (shot) await page.screenshot({ path: path.join(ARTIFACTS, shot) });
  const file = await waiting;
  const target = path.join(ARTIFACTS, name);
  await file.saveAs(target);
  expect(await file.failure()).toBeNull();
  await expect(status).toBeHidden(); // done: the bar goes
  return target;
}

/** Page 1's text of a PDF: it must answer without a JSON dump (a brace or a quoted key). */
function firstPage(file: string): string {
  return execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString().replace(/\s+/g, ' ');
}

function pageCount(file: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
}

/** The numbered section titles of a run's report, as its report view lists them (RUN_REPORT_SECTIONS). */
async function reportSections(page: Page, id: number): Promise<string[]> {
  const view = await page.context().newPage();
  await view.goto(`/runs/${id}/report`);
  await expect(view.locator('[data-report-state="ready"]')).toHaveCount(1, { timeout: 60_000 });
  const titles = await view.locator('[data-toc-title]').evaluateAll((els) => els.map((e) => e.getAttribute('data-toc-title')!));
  await view.close();
  return titles;
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
}

/** Height in pt of the first `word` on page 1: Chromium shrinks every page when anything is wider than the paper. */
function wordHeight(file: string, word: string): number {
  const box = new RegExp(`<word xMin="[\\d.]+" yMin="([\\d.]+)" xMax="[\\d.]+" yMax="([\\d.]+)">${word}</word>`)
    .exec(execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']).toString());
  expect(box, `${word} on page 1`).not.toBeNull();
  return Number(box![2]) - Number(box![1]);
}

function csvRows(file: string): string[][] {
  const lines = readFileSync(file, 'utf-8').trimEnd().split('\n');
  return lines.map((l) => l.split(','));
}

test('download each CSV, the trace and the PDF report of a finished run from the Export menu', async ({ page, request }) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const id = await agentIds(request);
  const created = await request.post('/api/runs', {
    data: { client_agent_id: id['local-a'], server_agent_id: id['local-b'], transport: 'tcp', request_bytes: 64,
            response_bytes: 64, calls: CALLS, warmup_calls: WARMUP, name: 'export journey' },
  });
  expect(created.status()).toBe(201);
  const run = await created.json();
  await page.goto(`/runs/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });

  // calls.csv: one row per call stored, header with units
  const calls = csvRows(await download(page, /^calls\.csv/, 'export-calls.csv'));
  expect(calls[0]).toEqual(['call_no', 'point_no', 'start_ns', 'end_ns', 'rtt_ns', 'request_bytes', 'response_bytes',
                            'flags', 'warmup', 'first_call', 'error', 'retransmits', 'send_lag_ns']);
  // a TCP ping-pong on loopback: the kernel retransmitted nothing; a closed loop has no send lag
  expect(calls.slice(1).every((row) => row[11] === '0' && row[12] === '0')).toBe(true);
  const callsStored = await (await request.get(`/api/runs/${run.id}/calls?max_points=200000`)).json();
  expect(calls.length - 1).toBe(callsStored.total);
  expect(calls.length - 1).toBe(CALLS + WARMUP);

  // steps.csv: per code, the steps of the measured calls are exactly those the run's statistics counted
  const steps = csvRows(await download(page, /^steps\.csv/, 'export-steps.csv'));
  expect(steps[0].slice(0, 4)).toEqual(['call_no', 'code', 'name', 'side']);
  const measured = new Set(calls.slice(1).filter((r) => Number(r[7]) === 0 && r[0] !== '0').map((r) => r[0]));
  const summary = await (await request.get(`/api/runs/${run.id}/summary`)).json();
  for (const st of summary.steps) {
    const n = steps.slice(1).filter((r) => Number(r[1]) === st.code && measured.has(r[0])).length;
    expect(n, `steps of code ${st.code}`).toBe(st.stats.count);
  }

  const points = csvRows(await download(page, /^points\.csv/, 'export-points.csv'));
  expect(points.length).toBe(2);
  // every per-point table: point_no, then the point's parameters, then its own columns (docs/exports.md)
  expect(points[0].slice(0, 8)).toEqual(POINT_HEADER);
  expect(points[1].slice(1, 8)).toEqual(['tcp', '64', '64', '1', '0', 'none', '']);
  expect(Number(points[1][points[0].indexOf('calls')])).toBe(CALLS + WARMUP);
  const stepStats = csvRows(await download(page, /^step_stats\.csv/, 'export-step_stats.csv'));
  expect(stepStats.length - 1).toBe(summary.steps.length);

  // the analyses' stored tables, once the analysis worker has stored them: the round trip path (Table 2) and the model
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}/analyses`)).json()).kinds ?? [],
                    { timeout: 60_000 }).toContain('model_vs_measured');
  await page.reload();
  const rtp = csvRows(await download(page, /^rtp\.csv/, 'export-rtp.csv'));
  expect(rtp[0]).toEqual([...POINT_HEADER, 'calls', 'incomplete_calls', 'calculated_rtt_ns', 'untimed_on_path_ns',
                          'measured_rtt_ns', 'error_pct']);
  expect(rtp.length).toBe(2);
  const rtts = calls.slice(1).filter((r) => Number(r[7]) === 0 && r[0] !== '0').map((r) => Number(r[4]));
  const mean = rtts.reduce((a, b) => a + b, 0) / rtts.length;
  const rtpRow = Object.fromEntries(rtp[0].map((c, i) => [c, Number(rtp[1][i])]));
  expect(rtpRow.calls + rtpRow.incomplete_calls).toBe(rtts.length);
  if (rtpRow.incomplete_calls === 0) expect(Math.abs(rtpRow.measured_rtt_ns - mean)).toBeLessThan(0.01);
  const model = csvRows(await download(page, /^model\.csv/, 'export-model.csv'));
  expect(model[0].slice(0, 12)).toEqual([...POINT_HEADER, 'label', 'model_rtt_ns', 'measured_rtt_ns', 'measured_std_ns']);
  expect(model.length).toBe(2);
  expect(Math.abs(Number(model[1][model[0].indexOf('measured_rtt_ns')]) - mean)).toBeLessThan(500); // ns, as every CSV (the analysis rounds to 1 µs)
  const perPoint = csvRows(await download(page, /^point_step_stats\.csv/, 'export-point_step_stats.csv'));
  const stored = await (await request.get(`/api/runs/${run.id}/analyses/step_stats`)).json();
  expect(perPoint.length - 1).toBe(stored.points[0].steps.length);

  // tables an analysis cannot give for this run are shown, disabled, rather than offered as empty files
  await page.getByRole('button', { name: /Export/ }).click();
  await expect(page.getByTestId('export-menu').getByText(/^packets\.csv/)).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: path.join(ARTIFACTS, '05-export-menu.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-menu')).toBeHidden();

  // the plain trace (trace.json.gz, the menu's first, is the same gzipped)
  const trace = JSON.parse(readFileSync(await download(page, /^trace\.json(?!\.gz)/, 'export-trace.json'), 'utf-8'));
  const events: { ph: string; id?: number }[] = trace.traceEvents;
  expect(events.filter((e) => e.ph === 'X').length).toBeGreaterThan(CALLS);
  const starts = events.filter((e) => e.ph === 's').map((e) => e.id).sort();
  expect(starts.length).toBeGreaterThan(CALLS);
  expect(events.filter((e) => e.ph === 'f').map((e) => e.id).sort()).toEqual(starts);

  // the PDF: every section in its text, its pages rendered to PNG for a person to look at
  const pdf = await downloadPdf(page, /PDF \(A4\)/, 'export-report-a4.pdf', '06-export-pdf-progress.png');
  const text = pdfText(pdf);
  for (const s of ['perflab report', 'What was measured', 'The answer', 'Anomalies', 'Parameters', 'Agents and machines',
                   'Measurement quality', 'Contents', 'local-a', 'local-b', 'export journey', 'per step probe', 'Clock exchange',
                   'Clock alignment (analysis)', 'Table 2: calculated vs measured round trip', 'Model (']) {
    expect(text).toContain(s);
  }
  // page 1 answers: the mean RTT with its 95% CI, the parameters as a table, never JSON
  const first = firstPage(pdf);
  expect(first).toMatch(/Mean RTT [\d.]+ µs \(95% CI [\d.]+ µs – [\d.]+ µs\), median/);
  expect(first).toContain('Request 64 B');
  expect(first).not.toMatch(/[{}]|"\w+"\s*:/);
  // titles print as written: no stylesheet changes text case (units such as µs² must survive)
  for (const title of await reportSections(page, run.id)) expect(text).toContain(title);
  // a ping-pong has no size sweep, no thread sweep: those figures say so in one line rather than vanish
  expect(text).toContain('10. RTT vs size Not drawn for this run:');
  expect(text).toContain('11. Throughput vs threads Not drawn for this run:');
  expect(text).toContain('12. Latency vs load Not drawn for this run: a closed-loop run offers no rate'); // issue 32
  expect(text).toMatch(/page 1 of \d/);
  execFileSync('pdftoppm', ['-r', '80', '-png', pdf, path.join(ARTIFACTS, 'report-a4-page')]);
  const letter = await downloadPdf(page, /PDF \(Letter\)/, 'export-report-letter.pdf');
  expect(execFileSync('pdfinfo', [letter]).toString()).toContain('(letter)');
});

test('the PDF of an RPC size sweep prints every figure of the run page, as vectors, at full size on A4 and Letter', async ({ page, request }) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const sizes = [0, 1000, 4016, 8033, 12000];
  const run = await finishedRpcRun(request, { procedure: 'sink', request_bytes: sizes, name: 'report sweep' });
  await analysed(request, run.id, ['step_stats', 'rtp', 'ecs', 'unit_cost']);

  await page.goto(`/runs/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  const titles = await reportSections(page, run.id);
  // every figure tab of the run page has its section, the size sweep's own (RTT vs size) first, then the tabs' order
  const figures = ['RTT vs size', 'RTT per call', 'RTT histogram', 'Tail: percentiles and the step that makes it', 'Timeline',
                   'Steps', 'Round trip path', 'Statistics', 'Throughput vs threads', 'Latency vs load', 'Model'];
  expect(titles.slice(0, 2)).toEqual(['1. Setup: agents, clocks and link', '2. RTT statistics']);
  expect(titles.slice(2, 2 + figures.length)).toEqual(figures.map((f, i) => `${i + 3}. ${f}`));
  expect(titles.slice(2 + figures.length)).toEqual(['Appendix A. Per-point detail', 'A.1 Step statistics per point',
                                                    'A.2 Round trip path per point', 'A.3 Anomaly notes']);

  const a4 = await downloadPdf(page, /PDF \(A4\)/, 'report-sweep-a4.pdf');
  const text = pdfText(a4);
  for (const title of titles) expect(text, title).toContain(title);
  // 12 before issue 32's Tail section (one row per point past 4 points): 13 measured in CI, 14 with room
  expect(pageCount(a4)).toBeLessThanOrEqual(14);
  // page 1: each size's mean RTT with its 95% CI, in a table, no JSON
  const first = firstPage(a4);
  expect(first).toContain('across 5 points');
  for (const size of ['0 B', '1,000 B', '4,016 B', '8,033 B', '12,000 B']) expect(first).toContain(size);
  expect(first).not.toMatch(/[{}]|"\w+"\s*:/);
  // the figures a size sweep has are drawn: no "could not be loaded", no "not drawn" for them
  expect(text).not.toContain('could not be loaded');
  const section = (title: string) => {
    const n = titles.findIndex((t) => t === title || t.endsWith(` ${title}`));
    return text.slice(text.lastIndexOf(`${titles[n]} `), text.lastIndexOf(`${titles[n + 1]} `)); // the headings, after the contents page
  };
  for (const f of ['RTT vs size', 'Timeline', 'Steps', 'Round trip path', 'Statistics']) expect(section(f), f).not.toContain('Not drawn for this run');
  expect(section('Timeline')).toMatch(/[\d,]+ of [\d,]+ step spans drawn/); // a capped SVG overview says how much
  expect(section('Steps')).toContain('Drawn for 2 of the run\'s 5 points'); // the sweep's ends; every point in the appendix
  expect(section('Round trip path')).toMatch(/Calculated RTT .+ vs measured/);
  expect(section('Statistics')).toContain('Between request sizes'); // the ANOVA of the Statistics tab
  expect(section('RTT vs size')).toContain('12,000 B'); // RTT vs size: its numbers table
  expect(section('Throughput vs threads')).toContain('Not drawn for this run: one thread count only'); // no thread sweep: said in a line
  expect(section('A.2 Round trip path per point')).toContain('Table 2: calculated vs measured round trip');
  // vectors only, and printed at full size: nothing wider than the paper made Chromium shrink the pages
  const images = execFileSync('pdfimages', ['-list', a4]).toString().trim().split('\n');
  expect(images.length, images.join('\n')).toBe(2); // the two header lines only
  expect(wordHeight(a4, 'Parameters')).toBeGreaterThan(8.5);
  execFileSync('pdftoppm', ['-r', '60', '-png', a4, path.join(ARTIFACTS, 'report-sweep-a4-page')]);

  const letter = await downloadPdf(page, /PDF \(Letter\)/, 'report-sweep-letter.pdf');
  expect(execFileSync('pdfinfo', [letter]).toString()).toContain('(letter)');
  for (const title of titles) expect(pdfText(letter), title).toContain(title);
  expect(wordHeight(letter, 'Parameters')).toBeGreaterThan(8.5);
  execFileSync('pdftoppm', ['-r', '60', '-png', letter, path.join(ARTIFACTS, 'report-sweep-letter-page')]);
});
