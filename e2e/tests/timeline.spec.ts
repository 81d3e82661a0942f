import { type Page } from '@playwright/test';
import { expect, finishedRun, shot, test } from './helpers';

/** Share of the canvas's plot pixels that are not white: the chart drew spans. */
async function inked(page: Page): Promise<number> {
  return page.getByTestId('timeline-canvas').evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(70, 30, c.width - 90, c.height - 40).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240) n++;
    return n / (d.length / 4);
  });
}

/** An upper bound on the calls that touch a window from the run's start to the end of its first `k` calls plus
 * `margin` of that time: the calls begun by then. */
function openingCallsAtMost(
  calls: { start_ns: number[]; rtt_ns: number[] },
  steps: { start_ns: number[] },
  k: number,
  margin: number,
): number {
  const t0 = [...calls.start_ns, ...steps.start_ns].reduce((a, b) => Math.min(a, b), Infinity);
  let end = -Infinity;
  for (let i = 0; i < k; i++) end = Math.max(end, calls.start_ns[i] + calls.rtt_ns[i]);
  const t1 = end + margin * (end - t0);
  return calls.start_ns.filter((start) => start <= t1).length;
}

test('timeline tab draws a real run, zooms, and links to a call', async ({ page, request }) => {
  const run = await finishedRun(request, { name: 'timeline run', calls: 3000 });
  const tl = await (await request.get(`/api/runs/${run.id}/timeline?max_calls=5000`)).json();
  expect(tl.calls.call_no).toHaveLength(3010);
  expect(tl.steps.code.length).toBeGreaterThan(3010 * 3); // client and server steps of every call

  await page.goto(`/runs/${run.id}`);
  await page.getByTestId('tab-timeline').click();
  await expect(page).toHaveURL(new RegExp(`/runs/${run.id}\\?tab=timeline$`));
  const canvas = page.getByTestId('timeline-canvas');
  await expect(canvas).toHaveAttribute('data-drawn', /\d+/);
  await expect(canvas).toHaveAccessibleName(/3,010 calls/);
  await expect.poll(() => inked(page)).toBeGreaterThan(0.001);
  // it opens on the first calls, whose steps can be read, not on the whole run squeezed into a diagonal hairline
  await expect(page.getByTestId('timeline-window')).toContainText(/calls 1[0-4] of 3,010 shown/);
  const before = await page.getByTestId('timeline-window').textContent();
  await page.screenshot(shot('14-timeline'));

  // zoom with the wheel over the middle of the plot: the window narrows, fewer calls are shown
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, -500);
    await page.waitForTimeout(30);
  }
  await expect(page.getByTestId('timeline-window')).not.toHaveText(before!);
  await expect(page.getByTestId('timeline-window')).not.toContainText('calls 3,010 of 3,010');

  // keyboard: focus the chart, 0 fits the whole run
  await canvas.focus();
  await page.keyboard.press('0');
  await expect(page.getByTestId('timeline-window')).toContainText('calls 3,010 of 3,010 shown');

  // aligned to a common start (Figure 6.18), slowest first
  await page.getByRole('button', { name: 'Aligned' }).click();
  await page.getByLabel('Row order').selectOption('rtt');
  await expect.poll(() => inked(page)).toBeGreaterThan(0.001);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shot('15-timeline-aligned'));
  // a track per caller thread (a ping-pong has one), the server's steps beside the client's, arrows between them
  await page.getByRole('button', { name: 'Threads' }).click();
  // it opens on the time of the first 12 calls (+3 %): how many more begin in that margin depends on the run's
  // own times (a slow first call widens it), so the bounds come from the run's calls, not a fixed count
  await expect(page.getByTestId('timeline-window')).toContainText(/1 thread · calls [\d,]+ of 3,010 in the window/);
  const threadsText = await page.getByTestId('timeline-window').textContent();
  const inWindow = Number(/1 thread · calls ([\d,]+) of 3,010 in the window/.exec(threadsText ?? '')![1].replace(/,/g, ''));
  expect(inWindow).toBeLessThanOrEqual(openingCallsAtMost(tl.calls, tl.steps, 12, 0.05));
  expect(inWindow).toBeGreaterThanOrEqual(12);
  await expect.poll(() => inked(page)).toBeGreaterThan(0.001);
  await page.getByRole('button', { name: 'Real time' }).click();

  // search a call: the URL links to it, the view narrows around it, a tooltip gives exact values
  await page.getByLabel('Search a call number or a step').fill('#1500');
  await page.getByLabel('Search a call number or a step').press('Enter');
  await expect(page).toHaveURL(/call=1500/);
  await expect(page.getByTestId('timeline-window')).toContainText(/calls \d{1,2} of 3,010 shown/);
  const deep = page.url();

  const fresh = await page.context().newPage();
  await fresh.setViewportSize({ width: 1280, height: 800 });
  await fresh.goto(deep);
  const c2 = fresh.getByTestId('timeline-canvas');
  await expect(c2).toHaveAttribute('data-drawn', /\d+/);
  await expect(fresh.getByTestId('timeline-window')).toContainText(/calls \d{1,2} of 3,010 shown/);
  await expect(fresh.getByTestId('tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await c2.scrollIntoViewIfNeeded();
  const b2 = (await c2.boundingBox())!;
  // the label column shows the linked call among the few rows in view
  await fresh.mouse.move(b2.x + b2.width / 2, b2.y + b2.height / 2);
  await expect(fresh.getByRole('tooltip')).toContainText(/call #\d+ · RTT .+ \([\d,]+ ns\)/);
  // shift-drag measures an interval
  await fresh.keyboard.down('Shift');
  await fresh.mouse.move(b2.x + 200, b2.y + 100);
  await fresh.mouse.down();
  await fresh.mouse.move(b2.x + 500, b2.y + 120, { steps: 4 });
  await fresh.mouse.up();
  await fresh.keyboard.up('Shift');
  await expect(fresh.getByTestId('timeline-brush')).toContainText(/Δt = [\d.]+ (ns|µs|ms)/);
  // and the range's statistics: the steps wholly inside it with count, mean, p50, p99
  const selection = fresh.getByTestId('timeline-selection');
  await expect(selection).toContainText(/Selection [\d.]+ (ns|µs|ms)/);
  await expect(selection.getByTestId('selection-step').first()).toContainText(/^[cks]\.[\w.]+(client|server|kernel)[\d,]+[\d.]+ (ns|µs|ms)/);
  await fresh.evaluate(() => window.scrollTo(0, 0));
  await fresh.screenshot(shot('16-timeline-deep-link'));
  await fresh.close();
});
