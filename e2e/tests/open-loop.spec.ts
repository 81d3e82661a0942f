// Open-loop arrivals (issue 32): a constant-rate RPC load sweep launched from the form draws its hockey stick on
// "Latency vs load" with the knee in words and a row per rate; a slow step planted on 1 % of calls is named by the
// tail sentence on Results; the percentile table reaches p99.99 and says which loop its latencies come from.
import type { Page } from '@playwright/test';
import { csrfOf } from '../auth';
import { agentIds, expect, shot, test } from './helpers';

const RATES = [500, 1000, 2000];

/** Waits for a run page to finish and its analyses to be stored (the figure tabs wait for them), then opens a tab. */
async function openWhenAnalysed(page: Page, runId: number, tab: string) {
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 90_000 });
  await expect.poll(async () => (await page.request.get(`/api/runs/${runId}/analyses`)).status(), { timeout: 60_000 }).toBe(200);
  await page.getByRole('tab', { name: tab }).click();
}

/** The Results tab's percentile table for the selected point: p50 … p99.99 and max, each labelled with its loop. */
async function expectPercentiles(page: Page, loop: 'open' | 'closed') {
  const tails = page.getByTestId('point-tails');
  await expect(tails).toHaveAttribute('data-loop', loop);
  const table = tails.getByTestId('percentile-table');
  await expect(table.locator('tbody tr td:first-child')).toHaveText(['p50', 'p90', 'p99', 'p99.9', 'p99.99', 'max']);
  const label = loop === 'open' ? 'open loop (latency from intended send)' : 'closed loop';
  // the p99.99 row by its first cell (another row's reason may name p99.99)
  await expect(table.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: /^p99\.99$/ }) }))
    .toContainText(label);
  await expect(table.locator('tbody tr td:last-child')).toHaveText(Array(6).fill(label));
}

test('an RPC load sweep at constant rates from the form draws latency against offered load', async ({ page }) => {
  await page.goto('/launch');
  await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
  await page.getByLabel('Server agent').selectOption({ label: 'local-b' });
  await page.getByTestId('kind-rpc').click();
  await page.getByLabel('Arrivals').selectOption('constant');
  const rates = 'Rates (calls/s per point, all its threads)';
  await page.getByLabel(`${rates}: list or range`).selectOption('list');
  await page.getByLabel(rates, { exact: true }).fill(RATES.join(', '));
  await expect(page.getByTestId('values-rates')).toContainText('3 values: 500/s, 1,000/s, 2,000/s');
  await page.getByLabel('Caller threads', { exact: true }).fill('2');
  await page.getByLabel('Calls per thread and point').fill('150');
  await page.getByLabel('Most rounds per point').fill('1'); // one round a point: the sweep stays short
  await page.screenshot(shot('open-loop-01-launch-form'));
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const id = Number(page.url().split('/').pop());

  const run = await (await page.request.get(`/api/runs/${id}`)).json();
  expect(run.params.arrival).toBe('constant');
  await openWhenAnalysed(page, id, 'Latency vs load');
  const chart = page.getByTestId('load-latency-chart');
  await expect(chart).toBeVisible();
  // one line per percentile and the mean, each with a dot per rate
  for (const s of ['p50', 'mean', 'p99']) await expect(chart.locator(`g.series[data-series="${s}"] circle`)).toHaveCount(RATES.length);
  await expect(page.getByTestId('load-throughput-chart')).toBeVisible();
  // the knee in words, whichever the run found: between two rates, past it already, or none up to the last
  await expect(page.getByTestId('load-knee')).toHaveText(/(The knee lies between [\d,]+ and [\d,]+ calls\/s|Already past the knee|No knee up to 2,000 calls\/s)/);
  const rows = page.getByTestId('load-row');
  await expect(rows).toHaveCount(RATES.length);
  for (const [i, r] of RATES.entries()) {
    await expect(rows.nth(i)).toHaveAttribute('data-rate', String(r));
    await expect(rows.nth(i).locator('td').first()).toHaveText(`${r.toLocaleString('en-US')} calls/s`);
    await expect(rows.nth(i).locator('td').last()).toHaveText(/^(kept|⚠ missed)$/);
  }
  await page.screenshot(shot('open-loop-02-latency-vs-load'));

  await page.getByRole('tab', { name: 'Results' }).click();
  await expectPercentiles(page, 'open');
  await expect(page.getByTestId('tails-latency-note')).toContainText('intended send');
  await page.screenshot(shot('open-loop-03-results-open-loop'));
});

test('a slow step on one call in a hundred is named by the tail sentence', async ({ page }) => {
  const ids = await agentIds(page.request);
  // through the API with the page's session: the form plants faults only at the loaded points (no `at`)
  const launched = await page.request.post('/api/runs', {
    headers: { 'X-CSRF-Token': await csrfOf(page) },
    data: {
      kind: 'rpc', client_agent_id: ids['local-a'], server_agent_id: ids['local-b'], transport: 'udp', procedure: 'null',
      threads: [1], calls: 1500, warmup_calls: 10, ci_target_pct: 0, noise_floor_calls: 0,
      // one caller: with two, the other's call waiting behind the slow one is booked to its own path
      inject: { kind: 'delay', step: 's.unmarshal', delay_us: 5000, every: 100, at: 'every' },
    },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const id = (await launched.json()).id as number;

  await openWhenAnalysed(page, id, 'Results');
  await expectPercentiles(page, 'closed');
  const sentence = page.getByTestId('tail-sentence-p99');
  await expect(sentence).toContainText('s.unmarshal');
  // the split has the step's row with a share of the excess (which share leads depends on the host's noise: on a
  // busy machine request transit can outweigh it: the step must be named and have a share, not lead)
  const row = page.getByTestId('tail-split-p99').locator('tbody tr').filter({ has: page.locator('td', { hasText: /^s\.unmarshal$/ }) });
  await expect(row.locator('td').nth(2)).toHaveText(/^[1-9]\d* %$/);
  await page.screenshot(shot('open-loop-04-tail-names-the-step'));
});
