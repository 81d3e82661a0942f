// Access control as people meet it (issue 14): an operator logs in and launches; a viewer sees no Launch or
// Cancel and the API refuses its launch with 403; logging out goes back to the login page; an API token made on
// the Account page works until it is revoked. The users made here are disabled afterwards, whatever happened.
import { type Browser, type Page } from '@playwright/test';
import { csrfOf, logIn } from '../auth';
import { agentIds, expect, fillTcpPingPong, shot, test } from './helpers';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const people = {
  operator: { name: `e2e-operator-${suffix}`, password: `op-pass-${suffix}`, role: 'operator' },
  viewer: { name: `e2e-viewer-${suffix}`, password: `view-pass-${suffix}`, role: 'viewer' },
};
const made: number[] = [];

test.beforeAll(async ({ request }) => {
  for (const person of Object.values(people)) {
    const answer = await request.post('/api/users', { data: person });
    expect(answer.status(), await answer.text()).toBe(201);
    made.push((await answer.json()).id);
  }
});

test.afterAll(async ({ request }) => {
  for (const id of made) {
    const answer = await request.patch(`/api/users/${id}`, { data: { disabled: true } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
});

/** A browser of its own (no admin session) where `person` logged in through the login page. */
async function loggedIn(browser: Browser, baseURL: string | undefined, person: { name: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await logIn(page, person.name, person.password);
  return page;
}

test('an operator logs in, launches a run and sees it finish; the history filters by who launched it', async ({ browser, baseURL, request }) => {
  const op = people.operator;
  const page = await loggedIn(browser, baseURL, op);
  try {
    await expect(page.getByTestId('user-role')).toHaveText('operator');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0);
    await fillTcpPingPong(page, 300);
    await page.getByRole('button', { name: 'Launch' }).click();
    await expect(page).toHaveURL(/\/runs\/\d+$/);
    const runId = Number(/\/runs\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
    await expect(page.getByTestId('run-facts')).toContainText(`Launched by ${op.name}`);
    await page.screenshot(shot('30-operator-run-done'));

    // the history: a Launched by column and a filter by it
    await page.goto('/runs');
    await page.getByTestId('runs-launched-by').fill(op.name);
    await expect(page).toHaveURL(new RegExp(`launched_by=${op.name}`));
    await expect(page.getByTestId(`run-row-${runId}`).getByTestId('launched-by')).toHaveText(op.name);
    await expect(page.locator('[data-testid^="run-row-"]')).toHaveCount(1);
    const mine = await (await request.get(`/api/runs?launched_by=${op.name}`)).json();
    expect(mine.items.map((r: { id: number; launched_by: string }) => [r.id, r.launched_by])).toEqual([[runId, op.name]]);
    await page.screenshot(shot('31-runs-launched-by'));
  } finally {
    await page.context().close();
  }
});

test('a viewer sees no Launch or Cancel, is refused the launch page and gets 403 from the API, then logs out', async ({ browser, baseURL, request }) => {
  const id = await agentIds(request);
  const long = await request.post('/api/runs', {
    data: { client_agent_id: id['local-a'], server_agent_id: id['local-b'], transport: 'tcp', request_bytes: 64,
            response_bytes: 64, calls: 1000000, warmup_calls: 0, name: 'viewer watches' },
  });
  expect(long.status(), await long.text()).toBe(201);
  const run = await long.json();
  const page = await loggedIn(browser, baseURL, people.viewer);
  try {
    await expect(page.getByTestId('user-role')).toHaveText('viewer');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Runs' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Launch' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New run' })).toHaveCount(0);

    // a running run: a viewer may watch it but has no Cancel
    await page.goto(`/runs/${run.id}`);
    await expect(page.getByTestId('run-status')).toHaveText(/queued|running/);
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await page.goto('/launch');
    await expect(page.getByTestId('not-allowed')).toContainText('you need the operator role');
    await expect(page.getByRole('button', { name: 'Launch' })).toHaveCount(0);
    await expect(page.getByLabel('Client agent')).toHaveCount(0);
    await page.screenshot(shot('32-viewer-launch-refused'));

    // the viewer's own session, CSRF header included: the refusal is the role's
    const refused = await page.request.post('/api/runs', {
      headers: { 'X-CSRF-Token': await csrfOf(page) },
      data: { client_agent_id: id['local-a'], server_agent_id: id['local-b'], transport: 'tcp', request_bytes: 64,
              response_bytes: 64, calls: 100, warmup_calls: 0 },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toBe('needs role operator (you are viewer)');
    const cancel = await page.request.post(`/api/runs/${run.id}/cancel`, { headers: { 'X-CSRF-Token': await csrfOf(page) } });
    expect(cancel.status()).toBe(403);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.goto(`/runs/${run.id}`); // signed out: the login page, which will return here
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fruns%2F${run.id}$`));
    await page.screenshot(shot('33-logged-out'));
  } finally {
    await page.context().close();
    await request.post(`/api/runs/${run.id}/cancel`);
  }
});

test('an API token made on the Account page is shown once, works as Bearer and is refused once revoked', async ({ page, playwright, baseURL }) => {
  const name = `e2e-token-${suffix}`;
  await page.goto('/account');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Expires after (days)').fill('1');
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('token-created');
  await expect(shown.getByTestId('secret-warning')).toContainText('it will not be shown again');
  const token = await shown.getByTestId('secret-value').inputValue();
  expect(token).toMatch(/^plt_/);
  await page.screenshot(shot('34-token-shown-once'));
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('token-created')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    expect((await (await api.get('/api/auth/me')).json()).name).toBe('admin');
    const row = page.getByTestId(`token-row-${name}`);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByTestId('token-revoked')).not.toHaveText('—');
    const refused = await api.get('/api/auth/me');
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toContain('revoked');
  } finally {
    await api.dispose();
  }
});

test('the login page says why a login is refused: wrong password, then too many tries with the wait', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  try {
    await page.goto('/runs');
    await expect(page).toHaveURL(/\/login\?next=%2Fruns$/);
    const nobody = `e2e-nobody-${suffix}`; // the limit counts per name and address: no real user is locked out
    await page.getByLabel('Name', { exact: true }).fill(nobody);
    for (let i = 1; i <= 5; i++) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByTestId('login-error')).toHaveText('Wrong name or password.');
    }
    await page.getByLabel('Password', { exact: true }).fill('wrong-6');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('login-error')).toContainText(`too many failed logins for ${nobody}`);
    await expect(page.getByTestId('login-error')).toContainText(/Try again in \d+ s\./);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await page.screenshot(shot('35-login-rate-limited'));
  } finally {
    await context.close();
  }
});
