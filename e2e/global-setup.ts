// Starts the e2e lab, then logs the first admin in through the login page and saves the session for every spec.
import { chromium, type FullConfig } from '@playwright/test';
import { PORT } from './playwright.config';
import { up } from './lab';
import { ADMIN, ADMIN_STORAGE, adminPassword, logIn } from './auth';

export default async function globalSetup(config: FullConfig) {
  up(PORT);
  const use = config.projects[0].use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    const context = await browser.newContext({ baseURL: use.baseURL });
    await logIn(await context.newPage(), ADMIN, adminPassword());
    await context.storageState({ path: ADMIN_STORAGE });
  } finally {
    await browser.close();
  }
}
