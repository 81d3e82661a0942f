// Before/after screenshots of the run and compare pages for issue 18 item 8, against a running lab.
// Usage: node issue18-shots.mjs <prefix> <base-url> <out-dir> <json: {"name": "path", ...}>
// e.g. node issue18-shots.mjs before http://127.0.0.1:8852 /tmp/shots-18-8 '{"results":"/runs/3"}'
// A value {"path", "click", "select"} opens a page, clicks a button, shift-drags over the timeline.
// A value {"launch": {...run}} launches that run, opens its page while it is queued and shoots it once running.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [prefix, base, out, pagesJson] = process.argv.slice(2);
if (!prefix || !base || !out || !pagesJson) {
  console.error('usage: node issue18-shots.mjs <prefix> <base-url> <out-dir> <json {name: path}>');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
// a lab with access control: PERFLAB_TOKEN (an API token, e.g. .perflab/<lab>/admin.token) goes with every request
const token = process.env.PERFLAB_TOKEN;
const page = await browser.newPage({ viewport: { width: 1280, height: 800 },
  extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
for (const [name, what] of Object.entries(JSON.parse(pagesJson))) {
  if (typeof what === 'object' && what.path) {
    // {"path", "click": a button's name, "select": true to shift-drag over the timeline's middle}
    await page.goto(base + what.path);
    await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
    if (what.click) await page.getByRole('button', { name: what.click, exact: true }).click();
    if (what.select) {
      const box = await page.getByTestId('timeline-canvas').boundingBox();
      await page.keyboard.down('Shift');
      await page.mouse.move(box.x + box.width * 0.3, box.y + 60);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.7, box.y + 80, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
    }
    await page.waitForTimeout(1000);
  } else if (typeof what === 'object') {
    const res = await page.request.post(`${base}/api/runs`, { data: what.launch });
    const run = await res.json();
    await page.goto(`${base}/runs/${run.id}`);
    await page.getByTestId('run-status').filter({ hasText: 'running' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(700);
  } else {
    await page.goto(base + what);
    await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
    await page.waitForTimeout(1500); // charts measure their width and draw after the data comes
  }
  const file = `${out}/${prefix}-${name}.png`;
  await page.screenshot({ path: file });
  await page.screenshot({ path: file.replace(/\.png$/, '-full.png'), fullPage: true }); // the charts below the fold
  // where the open tab's content starts: the first element after the tab bar
  const top = await page.evaluate(() => {
    const bar = document.querySelector('[role="tablist"]');
    return bar ? Math.round(bar.getBoundingClientRect().bottom) : null;
  });
  console.log(`${file}${top !== null ? ` (tab content starts at ${top} px)` : ''}`);
}
await browser.close();
