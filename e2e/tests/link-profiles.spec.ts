import { expect, shot, test } from './helpers';

// Every link profile the lab lists, launched from the launch form one after another: a TCP ping-pong of 64 B and a
// handful of calls (short even on ecs-internet's 512 kbit/s with 1 % loss), each awaited until done, and the run
// page's link line checked for the profile's name and its impairments.
//
// The lab's link is shared state, so the runs go one at a time (the backend refuses a second profile while a run
// on another is queued or running). Nothing needs putting back afterwards: every launch applies its own profile
// (link_profile defaults to loopback, which the backend applies too), and no other spec or helpers.ts assumes the
// link is in any state between launches; the `finally` only cancels a run of ours left going by a failure, so
// the next spec's launch is not refused as "busy" (helpers.ts's sharedLab fixture does the same after each test).

type Profile = {
  name: string; description: string; emulation: 'wire' | 'shaped' | 'none'; mtu: number; rate_mbit: number | null;
  delay_ms: number; jitter_ms: number; jitter_distribution: string; reorder: boolean; loss_percent: number;
  ge_p_percent: number; duplicate_percent: number; corrupt_percent: number; queue_bytes: number | null;
  queue_packets: number | null; aqm: string; reverse: Record<string, number>; fidelity: string;
  over_ceiling: boolean; available: boolean; unavailable_reason: string | null;
};

const clean = (x: number) => String(Number(x.toPrecision(4)));
const rate = (mbit: number) =>
  mbit >= 1000 ? `${clean(mbit / 1000)} Gbit/s` : mbit < 1 ? `${clean(mbit * 1000)} kbit/s` : `${clean(mbit)} Mbit/s`;
const ms = (x: number) => (x < 1 ? `${clean(x * 1000)} µs` : `${clean(x)} ms`);

/** What the run page's link line must say of a profile's impairments (as the link process ran them). */
function expectedImpairments(p: Profile): string[] {
  const out: string[] = [];
  if (p.emulation === 'wire') out.push('wire');
  if (p.emulation === 'shaped') out.push('token bucket (shaped, not a wire)');
  const up = p.rate_mbit;
  const down = p.reverse.rate_mbit ?? up;
  if (up == null) out.push('unshaped');
  else out.push(up === down ? rate(up) : `${rate(up)} up · ${rate(down as number)} down`);
  if (p.delay_ms) out.push(`${ms(p.delay_ms)}${p.jitter_ms ? ` ± ${ms(p.jitter_ms)} (${p.jitter_distribution}` : ''}`);
  if (p.jitter_ms && p.reorder) out.push('may reorder');
  if (p.loss_percent) out.push(`loss ${clean(p.loss_percent)} %`);
  if (p.ge_p_percent) out.push('bursty loss');
  if (p.duplicate_percent) out.push(`dup ${clean(p.duplicate_percent)} %`);
  if (p.corrupt_percent) out.push(`corrupt ${clean(p.corrupt_percent)} %`);
  if (p.emulation === 'wire') {
    if (p.queue_packets) out.push(`queue ${p.queue_packets} packets`);
    else if (p.queue_bytes) out.push('queue ');
    out.push(p.aqm === 'codel' ? 'CoDel (target' : 'drop-tail');
  }
  out.push(`MTU ${p.mtu}`);
  return out;
}

test('launch a short ping-pong on every link profile and see its impairments on the run page', async ({ page, request }) => {
  const status = await (await request.get('/api/links/status')).json();
  test.skip(!status.emulated, `the e2e lab has no emulated link: ${status.reason}`);
  const profiles: Profile[] = await (await request.get('/api/links/profiles')).json();
  // the lab's link process emulates every built-in profile on this machine: none needs netem any more
  const unavailable = profiles.filter((p) => !p.available).map((p) => `${p.name}: ${p.unavailable_reason}`);
  expect(unavailable, 'profiles this lab cannot emulate').toEqual([]);
  for (const name of ['wan', 'intercontinental', 'wifi', 'lte', 'bufferbloat', 'bufferbloat-codel', 'ecs-internet'])
    expect(profiles.find((p) => p.name === name)?.emulation, name).toBe('wire');
  test.setTimeout(60_000 + profiles.length * 20_000);

  const launched: number[] = [];
  try {
    for (const p of profiles) {
      await test.step(p.name, async () => {
        await page.goto('/launch');
        await page.getByLabel('Client agent').selectOption({ label: 'local-a' });
        await page.getByLabel('Server agent').selectOption({ label: 'local-b' });
        const select = page.getByLabel('Link profile');
        await expect(select.locator('option', { hasText: new RegExp(`^${p.name}$`) })).toBeEnabled();
        await select.selectOption(p.name);
        // under the chosen profile: its numbers with units, what the emulation reproduces, a warning over the ceiling
        await expect(page.getByTestId('link-profile-numbers')).toContainText(`MTU ${p.mtu}`);
        if (p.rate_mbit != null) await expect(page.getByTestId('link-profile-numbers')).toContainText(rate(p.rate_mbit));
        await expect(page.getByTestId('link-profile-fidelity')).toContainText(p.fidelity);
        await expect(page.getByTestId('link-over-ceiling')).toHaveCount(p.over_ceiling ? 1 : 0);
        await page.getByLabel('Transport').selectOption('tcp');
        await page.getByLabel('Request size (bytes)').fill('64');
        await page.getByLabel('Response size (bytes)').fill('64');
        await page.getByLabel('Calls', { exact: true }).fill('20');
        await page.getByLabel('Warm-up calls').fill('2');
        if (p.name === 'wifi') await page.screenshot(shot('06-launch-link-profile'));
        await page.getByRole('button', { name: 'Launch' }).click();

        await expect(page).toHaveURL(/\/runs\/\d+$/);
        launched.push(Number(page.url().split('/').pop()));
        await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 45_000 });
        const line = page.getByTestId('run-link');
        await expect(line).toContainText(`Link applied: ${p.name} · `);
        for (const part of expectedImpairments(p)) await expect(line).toContainText(part);
        if (p.name === 'ethernet-10m') await page.screenshot(shot('07-run-on-ethernet-10m'));
      });
    }
  } finally {
    // a failure half-way leaves no run of ours holding the link (see the note at the top)
    for (const id of launched) {
      const run = await (await request.get(`/api/runs/${id}`)).json();
      if (run.status === 'queued' || run.status === 'running') await request.post(`/api/runs/${id}/cancel`);
    }
  }
});
