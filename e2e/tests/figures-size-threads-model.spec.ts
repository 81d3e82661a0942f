import { expect, finishedRpcRun, finishedRun, shot, test } from './helpers';

test('RTT vs size draws a size sweep with packet boundaries and the unit-cost model', async ({ page, request }) => {
  const sizes = [0, 1000, 1393, 2000, 4016, 4017, 8033, 12000];
  const run = await finishedRpcRun(request, { procedure: 'sink', request_bytes: sizes });
  await page.goto(`/runs/${run.id}?tab=rtt-size`);
  const chart = page.getByTestId('rttsize-chart');
  await expect(chart).toBeVisible();
  // one dot per size for subsequent calls, and the model's boundaries 1393, 2873, 4017, … up to 12000
  await expect(chart.locator('[data-series="subsequent"] circle')).toHaveCount(sizes.length);
  await expect(chart.locator('.model-marker[data-x="4017"]')).toHaveCount(1);
  await expect(chart.locator('.model-marker[data-x="8033"]')).toHaveCount(1);
  await expect(page.getByTestId('rttsize-table').locator('tbody tr')).toHaveCount(sizes.length);
  await expect(chart.locator('[data-series="unit-cost"] path')).toHaveCount(1);
  // keyboard: focus the chart and read the values at the first size
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toContainText('0 B');
  await expect(page.getByRole('tooltip')).toContainText(/subsequent calls.*[µm]s/);
  await expect(page.getByRole('tooltip')).toContainText('packet model: 1 RPC packet, 1 network packet');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toContainText('1,393 B');
  // 1393 B + 80 B of RPC header spill into a second frame at the DCE paper's MTU of 1500 B; the lab's loopback
  // link (MTU 65535) carries them in one: the model follows the run's own MTU (docs/links.md)
  const mtu = (await (await request.get(`/api/runs/${run.id}`)).json()).params.packetisation.mtu;
  const frames = 1393 + 80 + 28 > mtu ? '2 network packets' : '1 network packet';
  await expect(page.getByRole('tooltip')).toContainText(`packet model: 1 RPC packet, ${frames}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('20-rtt-vs-size'));
});

test('throughput vs threads and the model with what-if from real rpc runs', async ({ page, request }) => {
  const run = await finishedRpcRun(request, { request_bytes: [0, 4016], threads: [1, 2, 4], think_time_us: [0, 1000, 3000] });
  await page.goto(`/runs/${run.id}?tab=throughput`);
  const calls = page.getByTestId('throughput-calls-chart');
  await expect(calls).toBeVisible();
  // measured and the run's stored model (the Model tab's, per point) per request size
  await expect(calls.locator('.series')).toHaveCount(4);
  await expect(calls.locator('.series[data-series^="model-"] path')).toHaveCount(2);
  await expect(page.getByTestId('throughput-table').locator('tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('throughput-mbit-chart')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('21-throughput-vs-threads'));

  await page.getByTestId('tab-model').click();
  const model = page.getByTestId('model-chart');
  await expect(model).toBeVisible();
  // Figure 2: a panel per request size, a series per thread count over the three think times
  await expect(model.locator('.fig2-panel')).toHaveCount(2);
  await expect(model.locator('.series')).toHaveCount(6);
  // Table 2: both sizes, 3 threads × 3 think times each
  const table = page.getByTestId('model-table');
  await expect(table.locator('tr.t2-row')).toHaveCount(18);
  // columns: threads, think, model, exact MVA, measured, 95% CI, (what-if,) % error, small-packet calls, flag;
  // the RTT columns share the unit in their header
  const firstModel = await table.locator('tr.t2-row').first().locator('td').nth(2).textContent();
  // what-if (for the first size): halving the network redraws a dotted line per thread count with lower RTTs
  const slider = page.getByLabel('scale network');
  await slider.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('whatif-status')).toContainText('what-if drawn for 9 points');
  await expect(model.locator('.fig2-whatif')).toHaveCount(3);
  const whatIf = Number(await table.locator('tr.t2-row').first().locator('td').nth(6).textContent());
  // a cheaper network never makes a call slower; it is equal when no transit was on the path (on loopback the
  // server often answers inside the client's sendmsg, so its turn and the transits run beside the path)
  expect(whatIf).toBeLessThanOrEqual(Number(firstModel));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('22-model-whatif'));
});

test('a ping-pong run says why RTT vs size and throughput cannot be drawn', async ({ page, request }) => {
  const run = await finishedRun(request, { name: 'one size' });
  await page.goto(`/runs/${run.id}?tab=rtt-size`);
  await expect(page.getByTestId('rttsize-empty')).toContainText('one size only (64 B): sweep request sizes');
  await page.getByTestId('tab-throughput').click();
  await expect(page.getByTestId('throughput-empty')).toContainText('one thread count only');
});
