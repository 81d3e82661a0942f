import { expect, shot, test } from './helpers';

test('launch an RPC size sweep from the DCE Figure 3 preset and watch it finish', async ({ page }) => {
  await page.goto('/launch');
  await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
  await page.getByLabel('Server agent').selectOption({ label: 'local-b' });

  await page.getByLabel('Preset from the papers').selectOption({ label: 'DCE Figure 3: RTT vs request size' });
  await expect(page.getByTestId('kind-rpc')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('preset-source')).toContainText('Figure 3');
  await expect(page.getByLabel('Request sizes (bytes)', { exact: true })).toHaveValue(/^0, 1392, 1393, 4016, 4017, .*64256, 64257$/);
  await expect(page.getByTestId('summary-points')).toHaveText('21');
  await page.screenshot(shot('launch-01-dce-figure3-preset'));

  // as typed: a bad size is named with its range, and launch waits for a fix
  await page.getByLabel('Request sizes (bytes)', { exact: true }).fill('0, 1392, 2000000');
  await expect(page.getByTestId('error-request_sizes')).toHaveText(
    'Request sizes: each value must be between 0 and 1048576 bytes (got 2000000)');
  await expect(page.getByRole('button', { name: 'Launch' })).toBeDisabled();
  await page.screenshot(shot('launch-02-bad-size'));

  // the preset's sizes back, fewer calls so the journey stays short
  await page.getByLabel('Preset from the papers').selectOption({ label: 'DCE Figure 3: RTT vs request size' });
  await page.getByLabel('Calls per thread and point').fill('20');
  await expect(page.getByTestId('summary-calls')).toHaveText('420');
  // a point repeats until its mean's 95% CI is within 5 % of it, at most 5 rounds (the form's defaults)
  await expect(page.getByLabel('CI target (% of the mean)')).toHaveValue('5');
  await expect(page.getByTestId('summary-calls-most')).toHaveText('up to 2,100 in 5 rounds');
  await page.getByRole('button', { name: 'Launch' }).click();

  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const id = page.url().split('/').pop();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 90_000 });
  await expect(page.getByText('Loading statistics…')).toHaveCount(0);
  await page.screenshot(shot('launch-03-rpc-run-done'));
  const run = await (await page.request.get(`/api/runs/${id}`)).json();
  expect(run.kind).toBe('rpc');
  expect(run.name).toBe('DCE Figure 3: RTT vs request size');
  expect(run.params.points.map((p: { request_bytes: number }) => p.request_bytes)).toContain(64257);
  // the noise floor measured before the first point, each point's rounds and the interval they reached
  await expect(page.getByTestId('noise-floor-line')).toHaveText(/^idle null RPC: [\d.]+ (ns|µs|ms) ± [\d.]+ (ns|µs|ms) \(CV [\d.]+\)$/);
  await expect(page.getByTestId('point-rounds').locator('tbody tr')).toHaveCount(21);
  const rounds: { rounds: number; met: boolean }[] = run.precision.points;
  expect(rounds).toHaveLength(21);
  for (const p of rounds) expect(p.met || p.rounds === 5).toBe(true);
  // progress ends at the calls made: 20 a round per point, however many rounds each ran
  const made = rounds.reduce((n, p) => n + 20 * p.rounds, 0);
  expect(run.calls_done).toBe(made);
  expect(run.calls_total).toBe(made);
});

test('every kind shows its own parameters; the case study and flows presets fill them', async ({ page }) => {
  await page.goto('/launch');
  await page.getByLabel('Preset from the papers').selectOption({ label: 'Case study: threads × think time, both caches' });
  await expect(page.getByTestId('summary-points')).toHaveText('48'); // 2 sizes × 3 threads × 4 think times × 2 caches
  await expect(page.getByTestId('values-think_time_us')).toContainText('0 µs, 3 ms, 9 ms, 18 ms');
  await page.screenshot(shot('launch-04-case-study-preset'));
  await page.getByText('Packets, windows, link and seed').click();
  await page.getByLabel('MTU (bytes)').fill('500');
  await expect(page.getByTestId('error-mtu')).toHaveText('MTU must be between 576 and 65535 bytes (got 500)');
  await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page repeats the sticky header
  await page.screenshot(shot('launch-04b-runtime-fields'));

  await page.getByLabel('Preset from the papers').selectOption({ label: 'ECS control flows: 10 processes' });
  await expect(page.getByTestId('kind-flows')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Control flows are')).toHaveValue('processes');
  await expect(page.getByLabel('Name')).toHaveValue('ECS control flows: 10 processes');
  await page.getByLabel('Flows', { exact: true }).fill('11');
  await expect(page.getByTestId('error-flows')).toHaveText('Flows must be between 1 and 10 (got 11)');
  await page.screenshot(shot('launch-05-flows'));

  await page.getByTestId('kind-stream').click();
  await page.getByLabel('Transport').selectOption('udp');
  await expect(page.getByTestId('error-message_bytes')).toContainText('between 1 and 65507 bytes for UDP');
  await page.screenshot(shot('launch-06-stream'));
});

test('the calibration preset plants a delay in c.marshal at the 3-thread points', async ({ page }) => {
  await page.goto('/launch');
  await page.getByLabel('Preset from the papers').selectOption({ label: 'Calibrate the model' });
  await expect(page.getByTestId('kind-rpc')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('preset-source')).toContainText('plants a 2 ms delay in c.marshal');
  await expect(page.getByTestId('summary-points')).toHaveText('4'); // 1392 B × threads 1, 3 × think 0, 3 ms
  await expect(page.getByLabel('Calibration: plant a fault')).toBeChecked();
  await expect(page.getByLabel('Fault', { exact: true })).toHaveValue('delay');
  await expect(page.getByLabel('Step', { exact: true })).toHaveValue('c.marshal');
  await expect(page.getByLabel('Delay (µs)', { exact: true })).toHaveValue('2000');
  await expect(page.getByLabel('Think time distribution')).toHaveValue('exponential');
  await page.screenshot(shot('launch-07-calibration-preset'));
});
