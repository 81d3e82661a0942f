import { expect, finishedRun, shot, test } from './helpers';

test('agents page: status, host, version, clock, capabilities and last seen with its exact time', async ({ page, request }) => {
  const agents = await (await request.get('/api/agents')).json();
  await page.goto('/agents');
  for (const a of agents.filter((x: { name: string }) => x.name.startsWith('local-'))) {
    const row = page.getByTestId(`agent-row-${a.name}`);
    await expect(row.getByTestId('agent-status')).toHaveText('online');
    await expect(row).toContainText(a.host);
    await expect(row).toContainText(a.version);
    await expect(row).toContainText('CLOCK_MONOTONIC');
    // every capability the agent reports is shown by name
    for (const key of Object.keys(a.capabilities)) await expect(row.getByTestId('agent-capabilities')).toContainText(key);
    await expect(row.getByTestId('agent-last-seen')).toHaveText(/just now|\d+ s ago/);
    await expect(row.getByTestId('agent-last-seen')).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(local time\)$/);
  }
  await page.screenshot(shot('13-agents'));
});

test('agents page: clock offset to peers from the latest run between them', async ({ page, request }) => {
  const run = await finishedRun(request, { name: 'clock pair', calls: 1000 });
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}/analyses`)).json()).kinds, { timeout: 30_000 }).toContain('clock');
  const fit = await (await request.get(`/api/runs/${run.id}/analyses/clock`)).json();
  await page.goto('/agents');
  const ab = page.getByTestId('peer-clock-local-a-local-b');
  const ba = page.getByTestId('peer-clock-local-b-local-a');
  // the newest run between the pair is this one: linked from both agents' rows
  await expect(ab.getByRole('link')).toHaveAttribute('href', `/runs/${run.id}`);
  await expect(ba.getByRole('link')).toHaveAttribute('href', `/runs/${run.id}`);
  // offset ± bound and drift, with units; seen from the server the offset changes sign
  await expect(ab.getByTestId('peer-offset')).toContainText(/^[+−]?\d+(\.\d+)? (ns|µs|ms) ± \d+(\.\d+)? (ns|µs|ms)$/);
  await expect(ab.getByTestId('peer-drift')).toContainText(/ppm$/);
  const sign = (ns: number) => (ns > 0.5 ? '\\+' : ns < -0.5 ? '−' : '');
  if (Math.abs(fit.offset_ns) >= 1) {
    await expect(ab.getByTestId('peer-offset')).toHaveText(new RegExp(`^${sign(fit.offset_ns)}\\d`));
    await expect(ba.getByTestId('peer-offset')).toHaveText(new RegExp(`^${sign(-fit.offset_ns)}\\d`));
  }
  await expect(ab).toContainText(/just now|\d+ s ago|\d+ min ago/);
  // both local agents read one machine's clock: the true offset is 0 and the row says so on hover
  await expect(ab).toHaveAttribute('title', /true offset is 0/);
  const section = page.getByTestId('peer-clocks').locator('xpath=ancestor::section[1]');
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: 'artifacts/13b-agents-peer-clocks.png' });
});
