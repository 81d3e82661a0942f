import { expect, shot, test } from './helpers';

test('launch a UDP ping-pong on the emulated 10 Mbit/s Ethernet and see the link on the run page', async ({ page, request }) => {
  const status = await (await request.get('/api/links/status')).json();
  test.skip(!status.emulated, `the e2e lab has no emulated link: ${status.reason}`);
  const profiles = await (await request.get('/api/links/profiles')).json();
  const wan = profiles.find((p: { name: string }) => p.name === 'wan');

  await page.goto('/launch');
  const select = page.getByLabel('Link profile');
  await expect(select.locator('option', { hasText: 'ethernet-10m' })).toBeEnabled();
  if (!wan.available) {
    // a kernel without netem: wan is listed, cannot be chosen, and the reason is shown
    await expect(select.locator('option', { hasText: 'wan (unavailable)' })).toBeDisabled();
    await expect(page.getByTestId('unavailable-profiles')).toContainText(`wan unavailable: ${wan.unavailable_reason}`);
  }
  await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
  await page.getByLabel('Server agent').selectOption({ label: 'local-b' });
  await select.selectOption('ethernet-10m');
  await expect(page.getByText(/The papers' network/)).toBeVisible();
  await page.getByLabel('Transport').selectOption('udp');
  await page.getByLabel('Request size (bytes)').fill('4000');
  await page.getByLabel('Response size (bytes)').fill('4000');
  await page.getByLabel('Calls', { exact: true }).fill('200');
  await page.screenshot(shot('06-launch-link-profile'));
  await page.getByRole('button', { name: 'Launch' }).click();

  await expect(page).toHaveURL(/\/runs\/\d+$/);
  await expect(page.getByTestId('run-link')).toContainText('Link: ethernet-10m · MTU 1500 · 10 Mbit/s');
  await expect(page.getByTestId('run-status')).toHaveText('done');
  // 4000 bytes are three frames each way at 0.8 us per byte: milliseconds, not loopback's microseconds
  await expect(page.getByTestId('summary-stats')).toContainText(/ms/);
  await page.screenshot(shot('07-run-on-ethernet-10m'));
});
