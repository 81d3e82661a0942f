import { analysed, expect, finishedRun, shot, test } from './helpers';

test('a finished run page puts its tabs near the top and its round trip path labels off the path line', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const run = await finishedRun(request, { name: 'layout run', calls: 300 });
  await analysed(request, run.id, ['rtp']);

  for (const tab of ['results', 'timeline', 'rtp']) {
    await page.goto(`/runs/${run.id}${tab === 'results' ? '' : `?tab=${tab}`}`);
    await expect(page.getByTestId('run-status')).toHaveText('done');
    // the header is a line of title and actions and the facts (with the link applied and the run's tags and notes
    // since issue 37): the tab's content starts in the first third of an 800 px window
    const bar = (await page.getByRole('tablist', { name: 'Run views' }).boundingBox())!;
    expect(bar.y + bar.height).toBeLessThan(267);
  }
  // the finished progress is a line among the facts, with the run's times (no dash for a start it had)
  const facts = page.getByTestId('run-facts');
  await expect(facts.getByTestId('run-progress')).toHaveText('310 calls · 100 %');
  await expect(page.getByTestId('run-times')).toHaveText(/^started \d{4}-\d\d-\d\d \d\d:\d\d:\d\d · took [\d.]+ (ms|s)$/);

  // the round trip path: no label's box meets the critical path's line (read from the drawn svg)
  const chart = page.getByTestId('rtp-chart');
  await expect(chart).toBeVisible();
  const crossings = await chart.evaluate((svg) => {
    const d = svg.querySelector('[data-testid="rtp-critical"]')!.getAttribute('d')!;
    const pts = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const origin = svg.getBoundingClientRect();
    const hits: string[] = [];
    for (const t of svg.querySelectorAll<SVGTextElement>('.rtp-seg-label')) {
      const r = t.getBoundingClientRect();
      const b = { x0: r.left - origin.left, x1: r.right - origin.left, y0: r.top - origin.top, y1: r.bottom - origin.top };
      for (let i = 1; i < pts.length; i++) {
        const [x0, y0] = pts[i - 1];
        const [x1, y1] = pts[i];
        // sample the segment: a path step is at most a few hundred px, a label at least 8 px tall
        for (let k = 0; k <= 200; k++) {
          const x = x0 + ((x1 - x0) * k) / 200;
          const y = y0 + ((y1 - y0) * k) / 200;
          if (x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1) {
            hits.push(`${t.textContent} at ${Math.round(x)},${Math.round(y)}`);
            break;
          }
        }
      }
    }
    return { labels: svg.querySelectorAll('.rtp-seg-label').length, vertices: pts.length, hits };
  });
  // the path's shape and how many segments carry a label follow the run's timings (on a quiet loopback the
  // path can stay in the client's lane: 3 vertices, 3 labels): there must be a path and labels to check
  expect(crossings.labels).toBeGreaterThan(0);
  expect(crossings.vertices).toBeGreaterThanOrEqual(2);
  expect(crossings.hits).toEqual([]);
  await page.screenshot(shot('30-run-page-compact-header-rtp'));
});
