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
  // one call kind, no separate "single" choice; per policy and thread count a measured and a model line
  await expect(page.getByLabel('Request size')).toHaveCount(0);
  await expect(chart.locator('.series')).toHaveCount(8);
  await expect(chart.locator('.series[data-series^="single-"]')).toHaveCount(4);
  await expect(page.getByTestId('model-legend-per-thread')).toContainText('cache per-thread');
  await expect(page.getByTestId('model-legend-single')).toContainText('cache single');
  // 2 policies × 2 threads × 2 think times, each row naming its policy in the first column
  const rows = page.getByTestId('model-table').locator('tbody tr');
  await expect(rows).toHaveCount(8);
  await expect(page.getByTestId('model-table').locator('tbody tr[data-policy="single"] td:first-child')).toHaveText(Array(4).fill('single'));
  await expect(page.getByTestId('model-table').locator('tbody tr[data-policy="per-thread"]')).toHaveCount(4);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('23-model-cache-policies'));
});
