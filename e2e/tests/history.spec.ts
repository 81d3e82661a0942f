import { expect, finishedRun, shot, test } from './helpers';

test('history: filter by text and status, sort, deep link and the back button', async ({ page, request }) => {
  // names and tags of this test's own: whatever other runs the lab holds, the filters find exactly these
  const u = Date.now().toString(36);
  const tag = `fig3x${u}`;
  const small = await finishedRun(request, { name: `history small ${u}`, tags: [tag], calls: 200 });
  const udp = await finishedRun(request, { name: `history udp ${u}`, tags: ['dce'], transport: 'udp', calls: 300 });

  await page.goto('/runs');
  await expect(page.getByTestId(`run-row-${udp.id}`)).toBeVisible();
  await page.getByTestId('runs-search').fill(tag);
  await expect(page).toHaveURL(new RegExp(`/runs\\?q=${tag}$`));
  await expect(page.getByTestId(`run-row-${small.id}`)).toBeVisible();
  await expect(page.getByTestId(`run-row-${udp.id}`)).toHaveCount(0);

  await page.getByTestId('status-done').click();
  await expect(page).toHaveURL(/status=done/);
  await expect(page.getByTestId('runs-range')).toHaveText(/^1–1 of 1$/);
  await page.screenshot(shot('10-history-filtered'));

  // the filtered view is a link: a fresh page opens it the same
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByTestId('status-done')).toHaveAttribute('aria-pressed', 'true');
  await expect(other.getByTestId('runs-search')).toHaveValue(tag);
  await expect(other.locator('[data-testid^="run-row-"]')).toHaveCount(1);
  await other.close();

  // back undoes the status filter, then the search
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/runs\\?q=${tag}$`));
  await expect(page.getByTestId('status-done')).toHaveAttribute('aria-pressed', 'false');

  // sorting by calls, largest first, puts the 300-call run above the 200-call one
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await page.getByTestId('runs-search').fill(u);
  await expect(page.locator('[data-testid^="run-row-"]')).toHaveCount(2);
  await page.getByTestId('sort-calls').click();
  await expect(page).toHaveURL(/sort=calls/);
  const rows = page.locator('[data-testid^="run-row-"]');
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(ids.indexOf(`run-row-${udp.id}`)).toBeLessThan(ids.indexOf(`run-row-${small.id}`));
  await expect(page.getByTestId('sort-calls').locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');

  // a bad date range is said, not sent
  await page.getByLabel('Created from').fill('2030-01-02');
  await expect(page).toHaveURL(/from=2030-01-02/); // as a person does: the first date has taken before the second
  await page.getByLabel('Created to').fill('2030-01-01');
  await expect(page.getByRole('alert')).toContainText('must not be before');
  await page.screenshot(shot('11-history-sorted'));
});
