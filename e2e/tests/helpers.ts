import { expect, type APIRequestContext } from '@playwright/test';

export const shot = (name: string) => ({ path: `artifacts/${name}.png`, fullPage: true });

/** Launches a ping-pong between the local agents through the API and waits until it has finished. */
export async function finishedRun(request: APIRequestContext, over: Record<string, unknown> = {}) {
  await expect.poll(async () => {
    const agents = await (await request.get('/api/agents')).json();
    return agents.filter((a: { status: string }) => a.status === 'online').length;
  }, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const agents = await (await request.get('/api/agents')).json();
  const id = (name: string) => agents.find((a: { name: string }) => a.name === name).id;
  const launched = await request.post('/api/runs', {
    data: { client_agent_id: id('local-a'), server_agent_id: id('local-b'), transport: 'tcp', request_bytes: 64,
            response_bytes: 64, calls: 500, warmup_calls: 10, ...over },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const run = await launched.json();
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}`)).json()).status,
    { timeout: 60_000 }).toBe('done');
  return run as { id: number; name: string };
}
