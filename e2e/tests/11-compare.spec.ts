import { expect, test } from '@playwright/test';
import { finishedRun, shot } from './helpers';

test('compare two runs: parameters, RTT statistics and per-step deltas', async ({ page, request }) => {
  const a = await finishedRun(request, { name: 'compare 64 B', calls: 400 });
  const b = await finishedRun(request, { name: 'compare 16 KiB', calls: 400, response_bytes: 16384 });

  await page.goto('/runs?q=compare');
  await page.getByTestId(`pick-${a.id}`).check();
  await page.getByTestId(`pick-${b.id}`).check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?a=${a.id}&b=${b.id}$`));

  const params = page.getByTestId('compare-params');
  await expect(params.getByRole('row', { name: /Request \/ response/ })).toContainText('64 B / 16 KiB');
  await expect(params.getByRole('row', { name: /Request \/ response/ })).toContainText('differs');
  const rtt = page.getByTestId('compare-rtt');
  for (const label of ['mean', 'median', 'p99', 'p99.9']) {
    await expect(rtt.getByRole('row', { name: new RegExp(`^${label.replace('.', '\\.')} `) })).toContainText(/(µs|ms|ns).*%/);
  }
  // every client step of the ping-pong has its mean and delta in both runs
  for (const code of [1, 2]) {
    await expect(page.getByTestId(`compare-step-${code}`)).toContainText(/\d+(\.\d+)? (ns|µs|ms).*\d+(\.\d+)? (ns|µs|ms)/);
  }
  await page.screenshot(shot('12-compare'));
});
