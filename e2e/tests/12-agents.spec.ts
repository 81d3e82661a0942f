import { expect, test } from '@playwright/test';
import { shot } from './helpers';

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
