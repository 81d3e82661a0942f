import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// Export a real run from the run page's Export menu: each CSV, the trace and the PDF report (whose pages are
// rendered to PNG in artifacts/ to be looked at).
const ARTIFACTS = path.join(__dirname, '..', 'artifacts');
const CALLS = 2000;
const WARMUP = 20;

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

function csvRows(file: string): string[][] {
  const lines = readFileSync(file, 'utf-8').trimEnd().split('\n');
  return lines.map((l) => l.split(','));
}

test('download each CSV, the trace and the PDF report of a finished run from the Export menu', async ({ page, request }) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const agents = await (await request.get('/api/agents')).json();
  const id = (name: string) => agents.find((a: { name: string }) => a.name === name).id;
  const created = await request.post('/api/runs', {
    data: { client_agent_id: id('local-a'), server_agent_id: id('local-b'), transport: 'tcp', request_bytes: 64,
            response_bytes: 64, calls: CALLS, warmup_calls: WARMUP, name: 'export journey' },
  });
  expect(created.status()).toBe(201);
  const run = await created.json();
  await page.goto(`/runs/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });

  // calls.csv: one row per call stored, header with units
  const calls = csvRows(await download(page, /^calls\.csv/, 'export-calls.csv'));
  expect(calls[0]).toEqual(['call_no', 'point_no', 'start_ns', 'end_ns', 'rtt_ns', 'request_bytes', 'response_bytes',
                            'flags', 'warmup', 'first_call', 'error']);
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
  expect(Number(points[1][4])).toBe(CALLS + WARMUP);
  const stepStats = csvRows(await download(page, /^step_stats\.csv/, 'export-step_stats.csv'));
  expect(stepStats.length - 1).toBe(summary.steps.length);

  // the analyses' stored tables, once the reaper has stored them: the round trip path (Table 2) and the model
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}/analyses`)).json()).kinds ?? [],
                    { timeout: 60_000 }).toContain('model_vs_measured');
  await page.reload();
  const rtp = csvRows(await download(page, /^rtp\.csv/, 'export-rtp.csv'));
  expect(rtp[0]).toEqual(['point_no', 'calls', 'incomplete_calls', 'calculated_rtt_ns', 'untimed_on_path_ns',
                          'measured_rtt_ns', 'error_pct']);
  expect(rtp.length).toBe(2);
  const rtts = calls.slice(1).filter((r) => Number(r[7]) === 0 && r[0] !== '0').map((r) => Number(r[4]));
  const mean = rtts.reduce((a, b) => a + b, 0) / rtts.length;
  expect(Number(rtp[1][1]) + Number(rtp[1][2])).toBe(rtts.length);
  if (Number(rtp[1][2]) === 0) expect(Math.abs(Number(rtp[1][5]) - mean)).toBeLessThan(0.01);
  const model = csvRows(await download(page, /^model\.csv/, 'export-model.csv'));
  expect(model[0].slice(0, 5)).toEqual(['label', 'threads', 'think_ms', 'model_rtt_ms', 'measured_rtt_ms']);
  expect(model.length).toBe(2);
  expect(Math.abs(Number(model[1][4]) - mean / 1e6)).toBeLessThan(0.0005);
  const perPoint = csvRows(await download(page, /^point_step_stats\.csv/, 'export-point_step_stats.csv'));
  const stored = await (await request.get(`/api/runs/${run.id}/analyses/step_stats`)).json();
  expect(perPoint.length - 1).toBe(stored.points[0].steps.length);

  // tables an analysis cannot give for this run are shown, disabled, rather than offered as empty files
  await page.getByRole('button', { name: /Export/ }).click();
  await expect(page.getByTestId('export-menu').getByText(/^packets\.csv/)).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: path.join(ARTIFACTS, '05-export-menu.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-menu')).toBeHidden();

  const trace = JSON.parse(readFileSync(await download(page, /^trace\.json/, 'export-trace.json'), 'utf-8'));
  const events: { ph: string; id?: number }[] = trace.traceEvents;
  expect(events.filter((e) => e.ph === 'X').length).toBeGreaterThan(CALLS);
  const starts = events.filter((e) => e.ph === 's').map((e) => e.id).sort();
  expect(starts.length).toBeGreaterThan(CALLS);
  expect(events.filter((e) => e.ph === 'f').map((e) => e.id).sort()).toEqual(starts);

  // the PDF: every section in its text, its pages rendered to PNG for a person to look at
  const pdf = await download(page, /PDF \(A4\)/, 'export-report-a4.pdf');
  const text = execFileSync('pdftotext', [pdf, '-']).toString().replace(/\s+/g, ' ');
  for (const s of ['PERFLAB REPORT', 'Parameters', 'Agents and machines', 'Measurement quality', 'CONTENTS',
                   '1. RTT STATISTICS', '2. RTT PER CALL', '3. RTT HISTOGRAM', '4. STEP STATISTICS',
                   '5. PER-POINT AGGREGATES', '6. STEP STATISTICS PER POINT',
                   '7. ROUND TRIP PATH: CALCULATED VS MEASURED', '8. ROUND TRIP PATH: SEGMENTS', '9. MODEL VS MEASURED',
                   '10. ANOMALY NOTES', 'local-a', 'local-b', 'export journey', 'per step probe', 'Clock exchange',
                   'Clock alignment (analysis)', 'calculated_rtt_ns', 'model_rtt_ms']) {
    expect(text).toContain(s);
  }
  expect(text).toMatch(/page 1 of \d/);
  execFileSync('pdftoppm', ['-r', '80', '-png', pdf, path.join(ARTIFACTS, 'report-a4-page')]);
  const letter = await download(page, /PDF \(Letter\)/, 'export-report-letter.pdf');
  expect(execFileSync('pdfinfo', [letter]).toString()).toContain('(letter)');
});
