import { agentIds, expect, shot, test } from './helpers';

test('model tab keeps both call-handle cache policies apart in its table and chart', async ({ page, request }) => {
  const id = await agentIds(request);
  // the case study's sweep in small: threads × think time under both cache policies
  const launched = await request.post('/api/runs', {
    data: { kind: 'rpc', client_agent_id: id['local-a'], server_agent_id: id['local-b'], calls: 100, warmup_calls: 3,
            request_bytes: [1392], threads: [1, 2], think_time_us: [0, 1000], cache: ['per-thread', 'single'] },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const run = await launched.json();
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}`)).json()).status, { timeout: 90_000 }).toBe('done');

  await page.goto(`/runs/${run.id}?tab=model`);
  const chart = page.getByTestId('model-chart');
  await expect(chart).toBeVisible();
  // one call kind, no separate "single" choice: Figure 2 has a panel per policy, a series per thread count
  await expect(page.getByLabel('Request size')).toHaveCount(0);
  await expect(chart.locator('.fig2-panel')).toHaveCount(2);
  await expect(chart.locator('.fig2-panel[data-policy="per-thread"] figcaption')).toContainText('cache per-thread');
  await expect(chart.locator('.fig2-panel[data-policy="single"] figcaption')).toContainText('cache single');
  await expect(chart.locator('.series')).toHaveCount(4);
  await expect(chart.locator('.series[data-series^="single-"]')).toHaveCount(2);
  // Table 2: a block per policy, named in its header; 2 threads × 2 think times in each
  const table = page.getByTestId('model-table');
  await expect(table.locator('tr.t2-block')).toHaveText([/cache per-thread/, /cache single/]);
  await expect(table.locator('tr.t2-row')).toHaveCount(8);
  await expect(table.locator('tr.t2-row[data-policy="single"]')).toHaveCount(4);
  await expect(table.locator('thead th')).toContainText(['Model RTT (', 'Measured RTT (', 'Small-packet calls', 'Flag']);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('23-model-cache-policies'));
});
