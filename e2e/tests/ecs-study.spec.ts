// The ECS experiment as a study (issue 31, item 4): the Launch page's preset launches four RPC runs one after
// another (UDP and TCP on lan-1g, then on wan), then opens the study page, which draws both links with both
// transports and states each link's crossover beside the paper's finding.
import { expect, shot, test } from './helpers';

test('the RPC vs sockets study runs from the Launch page and its page shows both links and crossovers', async ({ page, request }) => {
  test.setTimeout(600_000); // 38 s alone on a quiet machine; near 240 s in a CI run on a busy one
  await page.goto('/launch');
  await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
  await page.getByLabel('Server agent').selectOption({ label: 'local-b' });
  await page.getByLabel('Preset from the papers').selectOption({ label: 'RPC vs sockets on LAN and WAN (ECS)' });
  const study = page.getByTestId('ecs-study');
  await expect(study).toContainText('RPC over UDP on lan-1g');
  await expect(study).toContainText('RPC over TCP on wan');
  await expect(page.getByTestId('study-limitation')).toContainText('stops the study after the current run');
  await expect(page.getByLabel('Calls per thread and point')).toHaveValue('20');
  await page.getByLabel('Calls per thread and point').fill('2');
  await page.screenshot(shot('ecs-study-01-preset'));
  await page.getByTestId('study-start').click();

  await expect(page.getByTestId('study-progress-text')).toHaveText(/^run [1-4] of 4: (udp|tcp) on (lan-1g|wan) — /);
  await page.screenshot(shot('ecs-study-02-running'));
  await expect(page).toHaveURL(/\/studies\/rpc-vs-sockets\?runs=\d+,\d+,\d+,\d+$/, { timeout: 420_000 });
  const ids = new URL(page.url()).searchParams.get('runs')!.split(',').map(Number);

  // the four runs: one tag, in launch order, the study's parameters
  const runs = await Promise.all(ids.map(async (id) => (await request.get(`/api/runs/${id}`)).json()));
  expect(runs.map((r) => `${r.params.transport} ${r.link.profile}`)).toEqual(['udp lan-1g', 'tcp lan-1g', 'udp wan', 'tcp wan']);
  expect(new Set(runs.map((r) => r.tags[0])).size).toBe(1);
  expect(runs[0].tags[0]).toMatch(/^ecs-\d{8}T\d{6}Z$/);
  for (const r of runs) {
    expect(r.status).toBe('done');
    expect(r.params.rto_ms).toBe(400);
    expect([...new Set(r.params.points.map((p: { request_bytes: number }) => p.request_bytes))])
      .toEqual([1000, 20000, 40000, 60000, 80000, 100000]);
  }

  // the study page (it waits for the analyses): both links, both transports, a crossover statement per link
  for (const link of ['lan-1g', 'wan']) {
    const panel = page.getByTestId(`panel-${link}`);
    await expect(panel).toBeVisible({ timeout: 60_000 });
    await expect(panel.locator('[data-series="udp"] circle')).toHaveCount(6);
    await expect(panel.locator('[data-series="tcp"] circle')).toHaveCount(6);
    await expect(panel).toContainText('response time (ms)');
    await expect(page.getByTestId(`crossover-${link}`).getByTestId('crossover-statement')).toHaveText(new RegExp(`^on ${link} RPC over UDP is`));
  }
  await expect(page.getByTestId('paper-summary')).toHaveText('paper: sockets faster on the LAN at every size; RPC faster on the WAN above about 20 KB');
  await page.screenshot(shot('ecs-study-03-page-1-thread'));
  const said: string[] = [];
  for (const t of [1, 4]) {
    await page.getByTestId(`threads-${t}`).click();
    for (const link of ['lan-1g', 'wan']) said.push(`${t} thread(s): ${await page.getByTestId(`crossover-${link}`).getByTestId('crossover-statement').textContent()}`);
  }
  await page.screenshot(shot('ecs-study-04-page-4-threads'));
  console.log(`ECS study runs ${ids.join(',')}:\n  ${said.join('\n  ')}`);
});
