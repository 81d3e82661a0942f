import type { Page } from '@playwright/test';
import { expect, finishedRun, shot, test } from './helpers';

// The lab's pages under its own CSP (backend/perflab/api/security_headers.py: no 'unsafe-inline', no framing):
// every page renders, its charts draw, and the browser reports no violation (docs/security.md, issue 36).

async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) seen.push(m.text()); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

test('security headers: every page renders under the CSP with no violation', async ({ page, request }) => {
  const run = await finishedRun(request, { name: 'csp check', calls: 300 });
  const answer = await request.get('/runs');
  const csp = answer.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['referrer-policy']).toBe('same-origin');

  const console = await watchViolations(page);
  const pages: [string, string][] = [
    ['/runs', `run-row-${run.id}`], ['/launch', ''], ['/agents', ''], ['/series', ''],
    ['/account', ''], ['/users', ''], [`/runs/${run.id}/report`, ''],
  ];
  for (const [path, testid] of pages) {
    await page.goto(path);
    await expect(page.locator('main, #root').first()).not.toBeEmpty();
    if (testid) await expect(page.getByTestId(testid)).toBeVisible();
  }
  // the run page's charts: D3 and React set their styles through the CSSOM, which the CSP allows
  await page.goto(`/runs/${run.id}`);
  await expect(page.locator('svg').first()).toBeVisible();
  for (const tab of await page.locator('[role="tab"]').all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  await page.screenshot(shot('csp-run-page'));
  const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...console, ...reported]).toEqual([]);

  // no page may frame the lab: Chromium shows its error page in the frame instead
  const framed = await page.context().newPage();
  await framed.setContent(`<iframe src="${new URL('/runs', page.url()).href}"></iframe>`);
  await expect.poll(() => framed.frames()[1]?.url() ?? '').toMatch(/^chrome-error:/);
  await framed.close();
});
