// What every spec shares: the admin's API context, both local agents online, runs launched and awaited.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PORT } from '../playwright.config';
import { ROOT, labEnv } from '../lab';
import { adminToken } from '../auth';

export const shot = (name: string) => ({ path: `artifacts/${name}.png`, fullPage: true });

type Agent = { id: number; name: string; status: string };
const LOCAL = ['local-a', 'local-b'];

async function localAgents(request: APIRequestContext): Promise<Agent[]> {
  const agents: Agent[] = await (await request.get('/api/agents')).json();
  return agents.filter((a) => LOCAL.includes(a.name));
}

/** Restarts the lab's processes (keeping its data) when a local agent is not online: a spec that killed one,
 * or failed before it could bring it back, never leaves the next spec without it. */
export async function restoreAgents(request: APIRequestContext) {
  const online = (await localAgents(request)).filter((a) => a.status === 'online').length;
  if (online === LOCAL.length) return;
  execFileSync(path.join(ROOT, 'scripts', 'up.sh'), { env: { ...labEnv(PORT), PERFLAB_SKIP_DEPS: '1' }, stdio: 'inherit' });
  await expect.poll(async () => (await localAgents(request)).filter((a) => a.status === 'online').length,
    { timeout: 30_000 }).toBe(LOCAL.length);
}

/** Cancels the runs still queued or running: a test that failed half-way leaves the agents free. */
async function endActiveRuns(request: APIRequestContext) {
  const page = await (await request.get('/api/runs?status=queued&status=running&limit=100')).json();
  for (const run of page.items ?? []) await request.post(`/api/runs/${run.id}/cancel`);
}

/** Every test starts with both local agents online and ends with no run of its own still going, whatever ran
 * (or failed) before it: any spec can run alone or in any order. Its `request` is the admin's, by API token (the
 * browser has the admin's session from the login page instead). */
export const test = base.extend<{ sharedLab: void }>({
  request: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({
      baseURL, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { Authorization: `Bearer ${adminToken()}` },
    });
    await use(admin);
    await admin.dispose();
  },
  sharedLab: [async ({ request }, use) => {
    await restoreAgents(request);
    await use();
    await endActiveRuns(request);
  }, { auto: true }],
});
export { expect };

/** The ids of local-a and local-b. */
export async function agentIds(request: APIRequestContext): Promise<Record<string, number>> {
  return Object.fromEntries((await localAgents(request)).map((a) => [a.name, a.id]));
}

async function launchAndFinish(request: APIRequestContext, data: Record<string, unknown>, timeout: number) {
  const launched = await request.post('/api/runs', { data });
  expect(launched.status(), await launched.text()).toBe(201);
  const run = await launched.json();
  await expect.poll(async () => (await (await request.get(`/api/runs/${run.id}`)).json()).status,
    { timeout }).toBe('done');
  // finished means analysed too: the worker stores the analyses after the run ends (202 "analysing" until then)
  await expect.poll(async () => (await request.get(`/api/runs/${run.id}/analyses`)).status(), { timeout }).toBe(200);
  return run as { id: number; name: string };
}

/** Launches a ping-pong between the local agents through the API and waits until it has finished. */
export async function finishedRun(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const id = await agentIds(request);
  return launchAndFinish(request, {
    client_agent_id: id['local-a'], server_agent_id: id['local-b'], transport: 'tcp', request_bytes: 64,
    response_bytes: 64, calls: 500, warmup_calls: 10, ...over,
  }, 60_000);
}

/** Launches an RPC run between the local agents and waits until it has finished. */
export async function finishedRpcRun(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const id = await agentIds(request);
  return launchAndFinish(request, {
    kind: 'rpc', client_agent_id: id['local-a'], server_agent_id: id['local-b'], calls: 150, warmup_calls: 3, ...over,
  }, 90_000);
}

/** Waits until the analysis worker has stored a run's analyses (all of `kinds`, or any when none is named). */
export async function analysed(request: APIRequestContext, runId: number, kinds: string[] = []) {
  await expect.poll(async () => {
    const got: string[] = (await (await request.get(`/api/runs/${runId}/analyses`)).json()).kinds ?? [];
    return kinds.length ? kinds.every((k) => got.includes(k)) : got.length > 0;
  }, { timeout: 60_000 }).toBe(true);
}

/** The Launch page filled for a 64-byte TCP ping-pong from local-a to local-b (Launch not yet pressed). */
export async function fillTcpPingPong(page: Page, calls: number) {
  await page.goto('/launch');
  await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
  await page.getByLabel('Server agent').selectOption({ label: 'local-b' });
  await page.getByLabel('Transport').selectOption('tcp');
  await page.getByLabel('Request size (bytes)').fill('64');
  await page.getByLabel('Response size (bytes)').fill('64');
  await page.getByLabel('Calls', { exact: true }).fill(String(calls));
}
