import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATE } from '../lab';
import { agentIds, expect, restoreAgents, test } from './helpers';

test('an agent killed mid-run fails the run with the reason and keeps its calls', async ({ page, request }) => {
  const id = await agentIds(request);
  const launched = await request.post('/api/runs', {
    data: { client_agent_id: id['local-a'], server_agent_id: id['local-b'], transport: 'tcp', request_bytes: 64,
            response_bytes: 64, calls: 1000000, warmup_calls: 0, name: 'killed mid-run' },
  });
  expect(launched.status()).toBe(201);
  const run = await launched.json();
  try {
    await page.goto(`/runs/${run.id}`);
    await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}`)).json()).calls_done,
      { timeout: 30_000 }).toBeGreaterThan(0);

    const pid = Number(readFileSync(path.join(STATE, 'run', 'local-a.pid'), 'utf8'));
    process.kill(pid, 'SIGKILL');
    await expect(page.getByTestId('run-status')).toHaveText('failed', { timeout: 30_000 });
    await expect(page.getByTestId('run-reason')).toContainText('agent local-a vanished');
    await expect(page.getByTestId('summary-stats')).toBeVisible();
    const after = await (await request.get(`/api/runs/${run.id}`)).json();
    expect(after.calls_done).toBeGreaterThan(0);
    expect(after.calls_done).toBeLessThan(1000000);
    await page.screenshot({ path: 'artifacts/05-run-failed.png', fullPage: true });
  } finally {
    // whatever happened above, the million-call run ends and the agent comes back: the next spec needs both
    await request.post(`/api/runs/${run.id}/cancel`);
    await restoreAgents(request);
  }
});
