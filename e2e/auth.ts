// The lab's accounts as the journeys use them: the first admin's password and API token (written by scripts/up.sh),
// the browser session the global setup saves, and logging in through the login page like a person.
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATE } from './lab';

export const ADMIN = 'admin';
/** The admin's browser session (cookies), saved by global-setup.ts, used by every spec's page. */
export const ADMIN_STORAGE = path.join(STATE, 'admin-browser-state.json');

export const adminPassword = () => readFileSync(path.join(STATE, 'admin.password'), 'utf8').trim();
/** For API request contexts only: a browser given it would skip the login this suite is meant to go through. */
export const adminToken = () => readFileSync(path.join(STATE, 'admin.token'), 'utf8').trim();

/** Opens /login, types the name and password, presses Log in and waits until the app says who is signed in. */
export async function logIn(page: Page, name: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toContainText(name);
}

/** The value of this browser's perflab_csrf cookie: the header a session's unsafe request must carry. */
export async function csrfOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'perflab_csrf');
  if (!cookie) throw new Error('no perflab_csrf cookie: not logged in');
  return cookie.value;
}
