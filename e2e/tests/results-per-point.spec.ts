import { agentIds, expect, finishedRpcRun, shot, test } from './helpers';

// Issue 18 items 1 and 7: a sweep's Results per point (table, box plots, CDF, the selected point in detail, counts
// that agree everywhere) and estimates that know the link, think time and the run's own pace.

test('a sweep\'s Results: every point in words, box plots and CDFs, the selected point in detail', async ({ page, request }) => {
  // 2 sizes x 1 or 3 threads x no think or 2 ms: 8 points; 5 warm-up calls per thread, its first among them
  const run = await finishedRpcRun(request, {
    procedure: 'sink', request_bytes: [0, 4016], threads: [1, 3], think_time_us: [0, 2000], calls: 40, warmup_calls: 5,
  });
  await page.goto(`/runs/${run.id}`);
  const table = page.getByTestId('point-table');
  await expect(table.locator('tbody tr')).toHaveCount(8);
  await expect(table.locator('tbody tr').nth(7)).toContainText('4,016 B · 3 threads · think 2 ms');
  await expect(page.getByTestId('chart-box').locator('g.box-row')).toHaveCount(8);
  await expect(page.getByTestId('chart-cdf').locator('path.cdf-line')).toHaveCount(8);

  // point 3 (0 B, 3 threads, think 2 ms) from the table: its own numbers, in the URL
  await table.locator('tbody tr[data-point="3"]').click();
  await expect(page).toHaveURL(/[?&]point=3/);
  const detail = page.getByTestId('point-detail');
  await expect(detail).toHaveAttribute('data-point', '3');
  await expect(page.getByText('Point #3: 0 B · 3 threads · think 2 ms')).toBeVisible();
  // 3 threads x 45 calls: 120 measured, each thread's first apart, the other warm-up calls, no error: they add up,
  // and the per-call chart's legend says the same (no "480 in the text, 432 in the legend")
  await expect(page.getByTestId('point-counts')).toHaveText('135 calls: 120 measured · 3 first calls · 12 more warm-up · 0 errors');
  const perCall = page.getByTestId('chart-rtt-per-call');
  await expect(perCall).toContainText('measured (120)');
  await expect(perCall).toContainText('first calls (3)');
  await expect(perCall).toContainText('warm-up (12)');
  await expect(perCall.locator('.warmup-band')).toHaveCount(3);
  await expect(page.getByTestId('first-call')).toContainText('First calls:');
  await expect(page.getByTestId('chart-cdf').locator('path.cdf-selected')).toHaveAttribute('data-point', '3');
  await expect(page.getByTestId('steps-table')).toContainText('c.sendmsg');

  // the summary's per-point mean is the table's, and differs from the other points'
  const summary = await (await request.get(`/api/runs/${run.id}/summary`)).json();
  expect(summary.points).toHaveLength(8);
  for (const p of summary.points) {
    expect(p.counts.measured + p.counts.first + p.counts.warmup + p.counts.error).toBe(p.calls);
  }

  // the CDF's tail scale, and a point picked on the box plot
  await page.getByTestId('chart-cdf').getByLabel('tail').check();
  await expect(page.getByTestId('chart-cdf')).toContainText('99.9');
  await page.getByTestId('chart-box').locator('g.box-row[data-point="6"]').click();
  await expect(detail).toHaveAttribute('data-point', '6');
  await page.reload();
  await expect(page.getByTestId('point-detail')).toHaveAttribute('data-point', '6');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('40-results-per-point'));
});

test('a ping-pong\'s Results: one point, its CDF and box plot, no table of points', async ({ page, request }) => {
  const id = await agentIds(request);
  const launched = await request.post('/api/runs', { data: {
    client_agent_id: id['local-a'], server_agent_id: id['local-b'], transport: 'tcp', request_bytes: 64,
    response_bytes: 64, calls: 300, warmup_calls: 10 } });
  const run = await launched.json();
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}`)).json()).status, { timeout: 60_000 }).toBe('done');
  await page.goto(`/runs/${run.id}`);
  await expect(page.getByTestId('summary-stats')).toContainText('p99');
  await expect(page.getByTestId('point-table')).toHaveCount(0);
  await expect(page.getByTestId('chart-cdf').locator('path.cdf-line')).toHaveCount(1);
  await expect(page.getByTestId('box-caption')).toContainText('median');
  await expect(page.getByTestId('point-counts')).toHaveText('310 calls: 300 measured · 1 first call · 9 more warm-up · 0 errors');
  await page.screenshot(shot('41-results-ping-pong'));
});

test('the launch estimate follows the link and think time', async ({ page }) => {
  await page.goto('/launch');
  await expect(page.getByLabel('Client agent')).not.toHaveValue('');
  await page.getByLabel('Preset from the papers').selectOption('dce-figure3');
  const duration = page.getByTestId('summary-duration');
  await expect(duration).toHaveText(/≈ \d+ s/); // loopback: seconds
  const onLoopback = await duration.textContent();
  await page.locator('#link_profile').selectOption('ethernet-10m');
  // 21 sizes up to 64 KB, 200 calls each, at 10 Mbit/s: more than a minute (it took 80 s; "≈ 6 s" before)
  await expect(duration).toHaveText(/≈ [1-9] min/);
  expect(await duration.textContent()).not.toBe(onLoopback);
  await expect(duration.locator('..')).toHaveAttribute('title', /link ethernet-10m/);
  await page.screenshot(shot('42-launch-estimate'));
  // think time: 600 calls with 10 ms between them take more than 6 s
  await page.locator('#link_profile').selectOption('loopback');
  await page.locator('#request_sizes').fill('0');
  await page.locator('#think_time_us').fill('10000');
  await page.getByLabel('Calls per thread and point').fill('600');
  await expect(duration).toHaveText(/≈ ([6-9]|1\d) s/);
});

test('time left weighs the points still to run, not the calls', async ({ page, request }) => {
  const id = await agentIds(request);
  // 6 threads without think time, 6 with 20 ms, 1 without, 1 with: the last point has 7 % of the calls and
  // takes 3 s, so by calls alone a run at 95 % had "0.2 s left" when 2 s were
  const launched = await request.post('/api/runs', { data: {
    kind: 'rpc', client_agent_id: id['local-a'], server_agent_id: id['local-b'], procedure: 'sink', request_bytes: [0],
    threads: [6, 1], think_time_us: [0, 20000], calls: 150, warmup_calls: 0 } });
  expect(launched.status()).toBe(201);
  const run = await launched.json();
  await page.goto(`/runs/${run.id}`);
  // the calls done and the estimate left, from one answer of the API (the page words the estimate: "a few
  // seconds left" under 10 s, so its figure is the backend's)
  const read = async () => (await (await request.get(`/api/runs/${run.id}`)).json()) as
    { calls_done: number; status: string; progress: { seconds_left: number | null } | null };
  await expect.poll(async () => (await read()).calls_done, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(1950);
  const now = await read();
  test.skip(now.calls_done >= 2080 || now.status !== 'running' || now.progress?.seconds_left == null,
    'the last point ended before the page could read it');
  await page.screenshot(shot('43-time-left'));
  // the last point's calls still to do at 20 ms each, at the run's pace (by calls alone it said a tenth of that)
  expect(now.progress!.seconds_left! * 1000).toBeGreaterThan(((2100 - now.calls_done) * 20) / 3);
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
});
