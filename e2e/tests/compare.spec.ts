import { type Page } from '@playwright/test';
import { analysed, expect, finishedRpcRun, finishedRun, shot, test } from './helpers';

/** A 1280×800 view of one section, scrolled to its top. */
async function sectionShot(page: Page, testId: string, name: string) {
  const section = page.getByTestId(testId).locator('xpath=ancestor::section[1]');
  // the top bar stays over the page: scroll the section's header out from under it
  await section.evaluate((el) => { el.scrollIntoView({ block: 'start' }); window.scrollBy(0, -56); });
  await page.screenshot({ path: `artifacts/${name}.png` });
}

test('compare two runs: parameters, RTT statistics and per-step deltas', async ({ page, request }) => {
  const u = Date.now().toString(36); // this test's own runs, whatever else the lab holds
  const a = await finishedRun(request, { name: `compare 64 B ${u}`, calls: 400 });
  const b = await finishedRun(request, { name: `compare 16 KiB ${u}`, calls: 400, response_bytes: 16384 });

  await page.goto(`/runs?q=${u}`);
  await page.getByTestId(`pick-${a.id}`).check();
  await page.getByTestId(`pick-${b.id}`).check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?a=${a.id}&b=${b.id}$`));

  const params = page.getByTestId('compare-params');
  // every parameter listed; the response size is the one that differs, not when the runs were made
  await expect(page.getByTestId('compare-param-response_bytes')).toContainText(/64 B\s*16,384 B\s*differs/);
  await expect(page.getByTestId('compare-param-request_bytes')).not.toContainText('differs');
  await expect(page.getByTestId('compare-param-created')).not.toContainText('differs');
  await expect(params.getByText('differs', { exact: true })).toHaveCount(1);
  const rtt = page.getByTestId('compare-rtt');
  for (const label of ['Mean', 'Median', 'p99', 'p99.9']) { // figures/statistics.ts' one list of names
    await expect(rtt.getByRole('row', { name: new RegExp(`^${label.replace('.', '\\.')} `) })).toContainText(/(µs|ms|ns).*%/);
  }
  // every client step of the ping-pong has its mean and delta in both runs
  for (const code of [1, 2]) {
    await expect(page.getByTestId(`compare-step-${code}`)).toContainText(/\d+(\.\d+)? (ns|µs|ms).*\d+(\.\d+)? (ns|µs|ms)/);
  }
  // two ping-pongs: their only points pair up on the round trip path; the size and thread sweeps say who lacks them
  await expect(page.getByTestId('compare-rtp-table2')).toContainText('measured RTT');
  await expect(page.getByTestId('compare-rttsize-empty')).toContainText(`run A (#${a.id}): one size only (64 B)`);
  await expect(page.getByTestId('compare-rttsize-empty')).toContainText(`run B (#${b.id}): one size only (64 B)`);
  await expect(page.getByTestId('compare-throughput-empty')).toContainText('one thread count only');
  await page.screenshot(shot('12-compare'));
});

test('compare two RPC sweeps figure by figure', async ({ page, request }) => {
  const sweep = { threads: [1, 2], think_time_us: [0, 1000] };
  const a = await finishedRpcRun(request, { name: 'cmp sweep A', calls: 100, request_bytes: [0, 4016], ...sweep });
  const b = await finishedRpcRun(request, { name: 'cmp sweep B', calls: 100, request_bytes: [0, 4016, 8032], ...sweep });
  await analysed(request, a.id);
  await analysed(request, b.id);
  await page.goto(`/compare?a=${a.id}&b=${b.id}`);

  // steps ladder per point: every step's mean in both runs for a pair of matching points
  const steps = page.getByTestId('compare-point-steps');
  await expect(steps).toContainText('c.sendmsg');
  // c.sendmsg (code 15) takes time in both runs: both means and the delta in %; an instant step such as c.start
  // (0 ns once the probe cost is taken off) has no % delta and shows "—"
  await expect(steps.getByTestId('compare-point-step-15')).toContainText(/(ns|µs|ms).*(ns|µs|ms).*%/);
  await expect(steps.locator('caption')).toContainText('A point 0, B point 0');

  // round trip path: Table 2 side by side for the first matched point, each on-path segment with its delta
  const t2 = page.getByTestId('compare-rtp-table2');
  await expect(t2).toContainText('calculated RTT');
  await expect(page.getByTestId('compare-rtp-error')).toContainText(/[+−-]?\d+\.\d %.*[+−-]?\d+\.\d %.*pp/);
  await expect(page.getByTestId('compare-rtp-segments').locator('tbody tr').first()).toContainText(/(ns|µs|ms).*(ns|µs|ms)/);
  await expect(page.getByTestId('compare-rtp-segments')).toContainText('c.sendmsg');
  await page.getByLabel('Point pair', { exact: true }).selectOption({ index: 1 });
  await expect(t2.locator('caption')).toContainText('A point 1');
  await sectionShot(page, 'compare-rtp-table2', '12a-compare-rtp');

  // RTT vs size: both runs' curves on one chart (A 2 sizes, B 3) and a row per size, A's gap at 8032 B
  const chart = page.getByTestId('compare-rttsize-chart');
  await expect(chart.locator('[data-series="a"] circle')).toHaveCount(2);
  await expect(chart.locator('[data-series="b"] circle')).toHaveCount(3);
  await expect(page.getByTestId('compare-rttsize-table').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('compare-size-4016')).toContainText(/(µs|ms).*(µs|ms).*%/);
  await expect(page.getByTestId('compare-size-8032')).toContainText('—');
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toContainText(`A #${a.id} mean`);
  await expect(page.getByRole('tooltip')).toContainText(`B #${b.id} mean`);
  await sectionShot(page, 'compare-rttsize-chart', '12b-compare-rtt-vs-size');

  // throughput: A solid and B dashed per size, a row per (size, threads) either run measured
  const thr = page.getByTestId('compare-throughput-chart');
  await expect(thr.locator('.series')).toHaveCount(5);
  await expect(page.getByTestId('compare-throughput-table').locator('tbody tr')).toHaveCount(6);
  await sectionShot(page, 'compare-throughput-chart', '12c-compare-throughput');

  // model: both runs' measured RTT and % error per (call, threads, think): 2 × 2 × 2 in A, 3 × 2 × 2 in B
  const model = page.getByTestId('compare-model-table');
  await expect(model.locator('tbody tr')).toHaveCount(12);
  await expect(model.locator('tbody tr').first()).toContainText(/%.*%/);
  await sectionShot(page, 'compare-model-table', '12d-compare-model');

  // statistics: B ÷ A for each of the 8 points both runs measured, with the range the CIs allow
  const ratios = page.getByTestId('compare-ratio-table');
  await expect(ratios.locator('tbody tr')).toHaveCount(8);
  await expect(ratios.locator('tbody tr').first()).toContainText(/\d+\.\d{3}×.*\d+\.\d{3}× – (\d+\.\d{3}×|—)/);
  await expect(page.getByTestId('compare-anova')).toContainText('slope (ns/B)');
  await sectionShot(page, 'compare-ratio-table', '12e-compare-statistics');
});

test('compare a per-thread and a single-cache run: every point pairs on the rest', async ({ page, request }) => {
  const sweep = { request_bytes: [1392, 4016], threads: [1, 3], think_time_us: [0, 2000], calls: 60 };
  const a = await finishedRpcRun(request, { name: 'cmp per-thread', cache: ['per-thread'], ...sweep });
  const b = await finishedRpcRun(request, { name: 'cmp single', cache: ['single'], ...sweep });
  await analysed(request, a.id, ['step_stats', 'rtp']);
  await analysed(request, b.id, ['step_stats', 'rtp']);
  await page.goto(`/compare?a=${a.id}&b=${b.id}`);

  // detected: the cache policy; the Parameters table lists the sweep and marks only the cache
  const by = page.getByTestId('compare-differs-by');
  await expect(by.getByLabel('cache policy')).toBeChecked();
  await expect(page.getByTestId('compare-param-cache')).toContainText(/per-thread\s*single\s*differs/);
  await expect(page.getByTestId('compare-param-think_time_us')).toContainText('none, 2 ms');
  await expect(page.getByTestId('compare-param-think_time_us')).not.toContainText('differs');
  await expect(page.getByTestId('compare-params').getByText('differs', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: 'artifacts/12f-compare-by-cache.png', fullPage: true });

  // all 8 points pair, point for point, each named by what they share and the policies
  const ratios = page.getByTestId('compare-ratio-table');
  await expect(ratios.locator('tbody tr')).toHaveCount(8);
  await expect(ratios.locator('tbody tr').last()).toContainText('4,016 B · 3 threads · think 2 ms: per-thread cache ↔ single cache');
  await expect(page.getByTestId('compare-stats-unpaired')).toHaveCount(0);
  await expect(page.getByTestId('compare-rtp-table2')).toContainText('calculated RTT');
  await expect(page.getByTestId('compare-point-steps')).toContainText('c.sendmsg');
  await sectionShot(page, 'compare-ratio-table', '12g-compare-by-cache-statistics');

  // pairing on every parameter: no point in common, and the page says what to choose
  // (a click, not uncheck(): the box follows the link, which the router updates a moment later)
  await by.getByLabel('cache policy').click();
  await expect(by.getByLabel('cache policy')).not.toBeChecked();
  await expect(page).toHaveURL(/by=$/);
  await expect(page.getByTestId('compare-stats-empty')).toContainText('no point in common on request size, threads, think time, protection, cache policy');
  await by.getByRole('button', { name: 'as detected' }).click();
  await expect(ratios.locator('tbody tr')).toHaveCount(8);
});
