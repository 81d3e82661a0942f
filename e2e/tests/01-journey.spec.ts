import { expect, test } from '@playwright/test';

const shot = (name: string) => ({ path: `artifacts/${name}.png`, fullPage: true });

test('see both agents, launch a TCP ping-pong, watch it finish, read its statistics and charts', async ({ page }) => {
  await page.goto('/agents');
  for (const name of ['local-a', 'local-b']) {
    await expect(page.getByTestId(`agent-row-${name}`).getByTestId('agent-status')).toHaveText('online');
  }
  await page.screenshot(shot('01-agents'));

  await page.goto('/launch');
  await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
  await page.getByLabel('Server agent').selectOption({ label: 'local-b' });
  await page.getByLabel('Transport').selectOption('tcp');
  await page.getByLabel('Request size (bytes)').fill('64');
  await page.getByLabel('Response size (bytes)').fill('64');
  await page.getByLabel('Calls', { exact: true }).fill('1000');
  await page.screenshot(shot('02-launch'));
  await page.getByRole('button', { name: 'Launch' }).click();

  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const progress = page.getByTestId('run-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuemax', '1010');
  await expect(progress).toHaveAttribute('aria-valuenow', '1010');
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
  expect(await page.getByTestId('chart-rtt-per-call').locator('circle, path, rect').count()).toBeGreaterThan(3);
  expect(await page.getByTestId('chart-rtt-histogram').locator('rect').count()).toBeGreaterThan(3);
  await page.screenshot(shot('03-run-done'));

  await page.goto('/runs');
  await expect(page.locator('[data-testid^="run-row-"]').first()).toContainText('done');
  await page.screenshot(shot('04-runs'));
});

test('bad input is refused with the field and its range named', async ({ page }) => {
  await page.goto('/launch');
  await page.getByLabel('Calls', { exact: true }).fill('0');
  await expect(page.getByText(/calls must be between 1 and 1,?000,?000/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch' })).toBeDisabled();
});
