import { type APIRequestContext } from '@playwright/test';
import { expect, finishedRpcRun, finishedRun, restoreAgents, shot, test } from './helpers';

/** An rpc run of the local agents with a request-size sweep (one and four RPC packets of 4016 bytes) at two
 * protection levels: what the Steps, Round trip path and Statistics tabs draw. */
async function rpcSweep(request: APIRequestContext) {
  await restoreAgents(request); // beforeAll runs before the per-test fixture that would
  return finishedRpcRun(request, { transport: 'udp', procedure: 'echo', request_bytes: [0, 1000, 16000],
                                   protection: ['none', 'integrity'], calls: 200, warmup_calls: 5, name: 'figure tabs 1' });
}

test.describe.configure({ mode: 'serial' });
let runId = 0;

test.beforeAll(async ({ request }) => {
  runId = (await rpcSweep(request)).id;
});

test('Steps tab draws the client and server ladders with loops, a table and a point selector', async ({ page, request }) => {
  const ss = await (await request.get(`/api/runs/${runId}/analyses/step_stats`)).json();
  await page.goto(`/runs/${runId}`);
  await page.getByTestId('tab-steps').click();
  await expect(page).toHaveURL(/tab=steps$/);
  const ladder = page.getByTestId('step-ladder');
  await expect(ladder).toBeVisible();
  // every client and server step of point 0 is a segment, labelled with the paper's step numbers
  const steps0 = ss.points[0].steps.filter((s: { code: number }) => s.code < 200);
  await expect(page.locator('[data-testid^="ladder-step-"]')).toHaveCount(steps0.length);
  await expect(page.getByTestId('ladder-step-15')).toHaveAccessibleName(/^C7–C9 c\.sendmsg: [\d.]+ (ns|µs)$/);
  await expect(page.getByTestId('steps-table')).toContainText('S6');
  // the round trip path decides what is dotted: the server's idle wait runs beside the path
  await expect(page.getByTestId('ladder-step-110')).toHaveClass(/path-off/);
  await expect(page.getByTestId('ladder-step-15')).toHaveClass(/path-on/);
  // hover gives the exact mean and its confidence interval
  await page.getByTestId('ladder-step-15').hover();
  await expect(page.getByRole('tooltip')).toContainText('95% CI');
  await page.screenshot(shot('30-steps-ladder'));

  // 16000 B (point 4) takes four 4016-byte packets: the sendmsg loop runs 4 times
  await page.getByTestId('point-select').selectOption('4');
  await expect(page.getByTestId('ladder-loop-15')).toContainText('×4');
  await page.getByRole('button', { name: 'To scale' }).click();
  await expect(page.getByRole('button', { name: 'To scale' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot(shot('31-steps-ladder-16k-to-scale'));

  // the cold first call: its own times, the caption names it
  await page.getByRole('button', { name: 'First call' }).click();
  await expect(page.getByTestId('steps-table').locator('caption')).toContainText(`first call #${ss.points[4].first_call.call_no}`);
  // keyboard: focus a step and its tooltip opens
  await page.getByTestId('ladder-step-17').focus();
  await expect(page.getByRole('tooltip')).toContainText('first call');
});

test('Round trip path tab draws Figure 5 and Table 2 from the rtp analysis', async ({ page, request }) => {
  const rtp = await (await request.get(`/api/runs/${runId}/analyses/rtp`)).json();
  expect(rtp.points.length).toBe(6);
  const p0 = rtp.points[0];
  // Table 2 of a real run: the timed and untimed on-path segments add up to the measured RTT
  expect(p0.calculated_rtt_ns + p0.untimed_on_path_ns).toBeGreaterThan(p0.measured_rtt_ns * 0.99);
  await page.goto(`/runs/${runId}?tab=rtp`);
  const chart = page.getByTestId('rtp-chart');
  await expect(chart).toBeVisible();
  await expect(page.getByTestId('rtp-critical')).toHaveAttribute('d', /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
  await expect(page.getByTestId('rtp-message')).toHaveCount(2);
  expect(await page.getByTestId('rtp-off').count()).toBeGreaterThan(0);
  const err = `${p0.percent_error >= 0 ? '+' : ''}${p0.percent_error.toFixed(1)} %`;
  await expect(page.getByTestId('rtp-error')).toHaveText(err);
  // Table 2 lists every segment the analysis found on the path in some calls; which ones depends on the run
  // (on the emulated link the server often replies before the client's send() returns: its turn is then beside
  // the path), so the rows come from the API answer
  const onPath = p0.segments.filter((s: { on_path_share: number }) => s.on_path_share > 0);
  await expect(page.getByTestId('rtp-table2').locator('tbody tr')).toHaveCount(onPath.length + 4);
  for (const s of onPath) await expect(page.getByTestId('rtp-table2')).toContainText(s.name);
  await expect(page.getByTestId('rtp-points-table').locator('tbody tr')).toHaveCount(6);
  await page.getByRole('button', { name: /^c\.sendmsg on the path/ }).focus(); // keyboard: tooltips open on focus
  await expect(page.getByRole('tooltip')).toContainText('on the path in');
  await page.screenshot(shot('32-round-trip-path'));
  await page.getByTestId('point-select').selectOption('2');
  await expect(page.getByTestId('rtp-table2').locator('caption')).toContainText('1,000 B');
});

test('Statistics tab: no ANOVA pooling unlike points (says why), size fitted per group, ratio table and confidence intervals', async ({ page, request }) => {
  const ecs = await (await request.get(`/api/runs/${runId}/analyses/ecs`)).json();
  await page.goto(`/runs/${runId}?tab=statistics`);
  // the run sweeps protection too: RTT on size is fitted once per protection level, never pooled across them,
  // and no ANOVA across sizes pools them either (the page says why)
  expect(ecs.anova).toBeNull();
  await expect(page.getByTestId('anova-empty')).toContainText('differ in protection');
  await expect(page.getByTestId('regression-groups')).toContainText('µs/KiB');
  await expect(page.getByTestId('ratio-table-protection')).toContainText('integrity');
  await expect(page.getByTestId('ratio-table-protection').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('ci-table').locator('tbody tr')).toHaveCount(6);
  await page.getByTestId('ci-chart').getByRole('button').first().focus();
  await expect(page.getByRole('tooltip')).toContainText('95% CI');
  await page.screenshot(shot('33-statistics'));
});

test('a ping-pong run without a size sweep says why it has no ANOVA', async ({ page, request }) => {
  const r = await finishedRun(request, { calls: 300, warmup_calls: 5 });
  await page.goto(`/runs/${r.id}?tab=statistics`);
  await expect(page.getByTestId('anova-empty')).toContainText('two or more request sizes');
  await page.goto(`/runs/${r.id}?tab=rtp`);
  await expect(page.getByTestId('rtp-chart')).toBeVisible();
  await expect(page.getByTestId('rtp-message')).toHaveCount(2);
  await page.screenshot(shot('34-round-trip-path-pingpong'));
});
