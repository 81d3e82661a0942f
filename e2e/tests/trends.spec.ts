// Catch a regression from CI (issue 33): a series of small RPC runs between the local agents, five unchanged then
// three with a delay planted in c.marshal; the Trends page draws the change point and names c.marshal in its
// sentence, links the two runs to Compare (same environment), and an operator sets the baseline from the page.
import { type APIRequestContext } from '@playwright/test';
import { expect, finishedRpcRun, shot, test } from './helpers';

// 2 ms: a few runs' range knows its spread poorly (Student t of 3 degrees of freedom), and on a loaded CI host a null
// call takes 160 us; 2 ms clears the check's threshold there, where 300 us would not
const PLANTED = { kind: 'delay', step: 'c.marshal', delay_us: 2000, every: 1, at: 'every' };
const UNCHANGED_RUNS = 5;
const SLOW_RUNS = 3;

type Trend = {
  runs: { run_id: number }[];
  change_points: { run_id: number; previous_run_id: number; steps: { step: string; change_pct: number }[] }[];
};

/** The series' trend once the backend has every run in it (each run's step statistics are the worker's). */
async function trendOf(request: APIRequestContext, key: string, runs: number): Promise<Trend> {
  let trend: Trend = { runs: [], change_points: [] };
  await expect.poll(async () => {
    trend = await (await request.get(`/api/series/${key}/trend`)).json();
    return trend.runs.length;
  }, { timeout: 60_000 }).toBe(runs);
  return trend;
}

test('the Trends page marks a planted c.marshal regression and sets a baseline range', async ({ page, request }) => {
  test.setTimeout(240_000);
  const u = Date.now().toString(36);
  // the firefly-null preset made small (as tests/test_cli_lab.py runs it); the tag gives this test a series of its own
  const body = {
    transport: 'udp', procedure: 'null', request_bytes: [0], threads: [1], calls: 300, warmup_calls: 10, max_rounds: 1,
    tags: [`trends-${u}`],
  };
  const runs: { id: number; series_key: string }[] = [];
  for (let i = 0; i < UNCHANGED_RUNS + SLOW_RUNS; i++) {
    const slow = i >= UNCHANGED_RUNS;
    const run = await finishedRpcRun(request, { ...body, name: `trends ${u} ${slow ? 'slow' : 'same'} ${i + 1}`, ...(slow ? { inject: PLANTED } : {}) });
    runs.push(run as unknown as { id: number; series_key: string });
  }
  const key = runs[0].series_key;
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  expect(runs.map((r) => r.series_key)).toEqual(Array(runs.length).fill(key)); // a planted fault keeps the series
  const firstSlow = runs[UNCHANGED_RUNS];

  // the backend's own answer first: when it misses the change, the failure shows its change points, not a blank page
  const trend = await trendOf(request, key, runs.length);
  const found = trend.change_points.find((cp) => cp.run_id === firstSlow.id);
  expect(found, `change points: ${JSON.stringify(trend.change_points)}`).toBeTruthy();
  expect(found!.steps.map((s) => s.step)).toContain('c.marshal');

  await page.goto(`/series/${key}`);
  const chart = page.getByTestId('trend-rtt-chart');
  await expect(chart.locator('[data-series="mean"] circle')).toHaveCount(runs.length);
  await expect(chart.locator(`.change-marker[data-run="${firstSlow.id}"]`)).toHaveCount(1);
  const sentence = page.getByTestId(`trend-change-${firstSlow.id}`);
  // a step under 1 % of its call reads in time and share of the call ("+2.01 ms, 88 % of the call"), a larger one
  // as a ratio or a percentage
  await expect(sentence).toContainText(
    new RegExp(`c\\.marshal (×[\\d,]+|\\+[\\d.]+ %|\\+[\\d.,]+ (µs|ms), [\\d.]+ % of the call) \\(.+ → .+ (µs|ms)\\)`));
  await expect(sentence).toContainText(`at run ${firstSlow.id}`);
  // the step chart opens on the step that moved most: c.marshal, with its own marker at the same place
  await expect(page.getByTestId('trend-step-select')).toHaveValue('c.marshal');
  await expect(page.getByTestId('trend-step-chart').locator(`.change-marker[data-run="${firstSlow.id}"]`)).toHaveCount(1);

  // an operator (the admin here) sets the second unchanged run as the baseline from the page
  const baseline = runs[1];
  await expect(page.getByTestId('baseline-chip')).toHaveCount(0);
  await page.getByTestId(`series-run-${baseline.id}`).getByRole('button', { name: 'Set as baseline' }).click();
  await expect(page.getByTestId(`series-run-${baseline.id}`).getByTestId('baseline-chip')).toBeVisible();
  await expect(chart.locator('.baseline-mark')).toHaveAttribute('data-x', '2');
  expect((await (await request.get(`/api/series/${key}`)).json()).baseline_run_id).toBe(baseline.id);
  // then the range from it through the last unchanged run: their spread is the checks' noise
  const last = runs[UNCHANGED_RUNS - 1];
  await page.getByTestId(`baseline-through-${last.id}`).click();
  await expect(chart.locator('.baseline-mark')).toHaveAttribute('data-to', String(UNCHANGED_RUNS));
  await expect(page.getByTestId('baseline-chip')).toHaveCount(UNCHANGED_RUNS - 1);
  await expect(page.getByTestId('series-facts')).toContainText(`${UNCHANGED_RUNS - 1} done runs`);
  // the planted runs checked as one group against that range: a regression naming c.marshal
  const slowIds = runs.slice(UNCHANGED_RUNS).map((r) => r.id);
  const check = await (await request.get(`/api/runs/${slowIds[0]}/check?against=baseline&repeats=${slowIds.slice(1).join(',')}`)).json();
  expect(check.verdict, check.sentence).toBe('regression');
  expect(check.run_ids).toEqual(slowIds);
  expect(check.changes.filter((c: { significant: boolean }) => c.significant).map((c: { step: string }) => c.step)).toContain('c.marshal');
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar at the top of the full-page shot
  await page.screenshot(shot('trends-01-change-point-and-baseline'));

  // the change's link compares the runs on either side of it: one environment, so no warning
  await sentence.getByTestId('trend-change-compare').click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?a=${runs[UNCHANGED_RUNS - 1].id}&b=${firstSlow.id}$`));
  await expect(page.getByTestId('compare-env-same')).toBeVisible();
  await expect(page.getByTestId('compare-env-warning')).toHaveCount(0);

  // the run page says where it ran and leads back to its series; the Series list has it with its baseline
  await page.goto(`/runs/${firstSlow.id}`);
  await expect(page.getByTestId('where-it-ran-line')).toContainText('link loopback');
  await page.getByText('Where it ran:').click();
  await expect(page.getByTestId('env-kernel')).toBeVisible();
  await page.screenshot({ path: 'artifacts/trends-02-where-it-ran.png' }); // the header's part: the tabs run long
  await page.getByTestId('run-series-link').click();
  await expect(page).toHaveURL(new RegExp(`/series/${key}$`));
  await page.getByRole('navigation').getByRole('link', { name: 'Series' }).click();
  const row = page.getByTestId(`series-row-${key}`);
  await expect(row).toContainText(`trends-${u}`);
  await expect(row).toContainText(`#${baseline.id}`);
});
