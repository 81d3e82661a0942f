// Issue 37: a run page names what decided its times and shows one model. An RPC run with the runtime's own link
// (20 Mbit/s, 40 ms each way) and the case study's emulated host (1 ms of CPU per packet): the header names both, not
// "loopback · unshaped" above an 80 ms RTT; the Throughput tab's model is the Model tab's, point for point.
import { expect, finishedRpcRun, shot, test } from './helpers';

test('the run header names the link applied and the host emulation; Throughput and Model tabs show one model', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = await finishedRpcRun(request, {
    name: 'runtime link and 1995 host', procedure: 'sink', request_bytes: [1392], threads: [1, 2], calls: 20,
    warmup_calls: 2, noise_floor_calls: 20, link_mbps: 20, link_delay_us: 40000, host_packet_us: 1000,
  });

  await page.goto(`/runs/${run.id}`);
  const link = page.getByTestId('run-link');
  await expect(link).toContainText("Link applied: the RPC runtime's own link, 20 Mbit/s · 40 ms each way");
  await expect(link).not.toContainText(/^Link applied: loopback/);
  await expect(page.getByTestId('run-host')).toHaveText(
    'Host: emulated 1995 host: 1 ms of CPU per packet sent or received, each side');
  await page.screenshot(shot('37-run-header-applied-link'));

  // the 2-thread point: the Model tab's Table 2 and the Throughput tab's table give the same model RTT
  const points: { point_no: number; threads: number }[] =
    (await (await request.get(`/api/runs/${run.id}`)).json()).params.points;
  const two = points.find((p) => p.threads === 2)!;
  await page.goto(`/runs/${run.id}?tab=model`);
  const modelRow = page.getByTestId('model-table').locator(`tr.t2-row[data-point="${two.point_no}"]`);
  await expect(modelRow).toHaveCount(1);
  const modelRtt = (await modelRow.locator('td').nth(2).textContent())!.trim(); // Threads, Think, Model RTT
  expect(modelRtt).toMatch(/^\d/);
  await page.goto(`/runs/${run.id}?tab=throughput`);
  const thrRow = page.getByTestId('throughput-table').locator(`tr[data-point="${two.point_no}"]`);
  await expect(thrRow.locator('[data-col="model RTT"]')).toHaveText(`${modelRtt} ms`);
  // and its calls/s is that RTT's: 2 callers without think time complete 2 / RTT calls a second
  const cps = Number((await thrRow.locator('[data-col="model calls/s"]').textContent())!.replace(/,/g, ''));
  expect(Math.abs(cps - 2 / (Number(modelRtt) / 1000))).toBeLessThan(0.02 * cps + 1);
  await expect(page.getByText(/Dashed: the run's model, the Model tab's/)).toBeVisible();
  await page.screenshot(shot('37-throughput-one-model'));
});
