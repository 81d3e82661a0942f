import { defineConfig } from '@playwright/test';
import { ADMIN_STORAGE } from './auth';

// The harness starts a lab of its own (state in .perflab/e2e-lab, port 8765) so it never touches the lab
// `make up` runs; global-setup/teardown start and stop it. The global setup logs the admin in through the login
// page: every spec's browser starts with that session (its API requests send the admin's token: tests/helpers.ts).
export const PORT = Number(process.env.PERFLAB_E2E_PORT ?? 8765);

export default defineConfig({
  testDir: './tests',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    storageState: ADMIN_STORAGE,
    viewport: { width: 1280, height: 800 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
