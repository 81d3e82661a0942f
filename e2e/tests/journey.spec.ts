import { expect, fillTcpPingPong, shot, test } from './helpers';

test('see both agents, launch a TCP ping-pong, watch it finish, read its statistics and charts', async ({ page }) => {
  await page.goto('/agents');
  for (const name of ['local-a', 'local-b']) {
    await expect(page.getByTestId(`agent-row-${name}`).getByTestId('agent-status')).toHaveText('online');
  }
  await page.screenshot(shot('01-agents'));

  await fillTcpPingPong(page, 1000);
  await page.screenshot(shot('02-launch'));
  await page.getByRole('button', { name: 'Launch' }).click();

  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const progress = page.getByTestId('run-progress');
  await expect(progress).toBeVisible();
  // a finished run's bar is its share done (points and calls, not calls out of the most a run might make)
  await expect(progress).toHaveAttribute('aria-valuemax', '100');
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(progress).toContainText('1,010 calls');
  await expect(page.getByTestId('run-status')).toHaveText('done');
  const stats = page.getByTestId('summary-stats');
  await expect(stats).toBeVisible();
  for (const label of ['mean', 'median', 'p99', 'p99.9']) {
    await expect(stats).toContainText(new RegExp(label, 'i'));
  }
  await expect(stats).toContainText(/µs|ms/);
  await expect(page.getByText(/first call/i).first()).toBeVisible();
  await expect(page.getByTestId('chart-rtt-per-call').locator('svg')).toBeVisible();
  await expect(page.getByTestId('chart-rtt-histogram').locator('svg')).toBeVisible();
  // the charts drew the data: many call markers, several bars
  // (polled: the svg is on the page before its marks, and a busy machine can show it between the two)
  await expect.poll(() => page.getByTestId('chart-rtt-per-call').locator('circle, path, rect').count()).toBeGreaterThan(3);
  await expect.poll(() => page.getByTestId('chart-rtt-histogram').locator('rect').count()).toBeGreaterThan(3);
  await page.screenshot(shot('03-run-done'));

  await page.goto('/runs');
  await expect(page.locator('[data-testid^="run-row-"]').first()).toContainText('done');
  await page.screenshot(shot('04-runs'));
});

test('watch a long run live: RTT of its calls drawn while it runs, the finished figures at the end', async ({ page }) => {
  test.setTimeout(300_000); // the run, then its analysis: each waited for below
  await fillTcpPingPong(page, 450000); // seconds of calls even on an idle machine
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);

  const live = page.getByTestId('chart-live-rtt');
  await expect(live).toBeVisible();
  // calls are drawn while the run is still going: sampled calls, p50/p99 lines, units
  await expect(page.getByTestId('live-rtt-stats')).toContainText(/[1-9][\d,]* calls measured/, { timeout: 30_000 });
  expect(await page.getByTestId('run-status').textContent()).toBe('running');
  const progress = page.getByTestId('run-progress');
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100); // a share, not all done
  await expect(live.locator('path.live-dots')).not.toHaveCount(0);
  await expect(live.locator('path.live-p50').first()).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/);
  await expect(page.getByTestId('live-rtt-stats')).toContainText(/p99 [\d.]+ (ns|µs|ms)/);
  await expect(live.getByText('RTT (µs)')).toBeVisible();
  const dots = await live.locator('path.live-dots').first().getAttribute('d');
  expect((dots ?? '').split('M').length - 1).toBeGreaterThan(20);
  // a tooltip with the exact RTT of the call under the pointer
  const box = (await live.locator('rect.overlay').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(page.getByRole('tooltip')).toContainText(/Call #[\d,]+/);
  await expect(page.getByRole('tooltip')).toContainText(/[\d,]+ ns/);
  await live.screenshot({ path: 'artifacts/05-live-rtt.png' });
  await page.screenshot(shot('05-run-live'));

  // at the end the live chart gives way to the finished figures
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 110_000 });
  await expect(live).toHaveCount(0);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(progress).toContainText('450,010 calls');
  // drawn once the analysis worker has summarised 450,010 calls: beyond 20 s in a busy clean-clone CI run
  await expect(page.getByTestId('chart-rtt-per-call').locator('svg')).toBeVisible({ timeout: 90_000 });
});

test('bad input is refused with the field and its range named', async ({ page }) => {
  await page.goto('/launch');
  await page.getByLabel('Calls', { exact: true }).fill('0');
  await expect(page.getByText(/calls must be between 1 and 1,?000,?000/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch' })).toBeDisabled();
});
