import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { RESET_MAILS } from '../../worker/domain/auth/reset-request-limits';
import { call, json, uniqueEmail } from '../support/client';
import { startEarlyInWindow } from '../support/rate-window';

// docs/decisions/007 "No lockout by strangers": the test config allows N = 5 failures per
// address and source, 25 per source, and slows an address after 5 failures from anywhere.
const PASSWORD = 'correct horse battery';
const source = (label: string) => `203.0.113.${Math.floor(Math.random() * 250)}-${label}-${Math.random()}`;

const logIn = (email: string, password: string, headers: Record<string, string>) =>
  call('/api/v1/auth/login', { method: 'POST', headers, json: { email, password } });

/** Alice signs up from her own browser, which keeps its device cookie. */
async function alice() {
  const email = uniqueEmail('alice');
  const res = await call('/api/v1/auth/signup', {
    method: 'POST',
    headers: { 'cf-connecting-ip': source('alice') },
    json: { email, password: PASSWORD, name: 'Alice' },
  });
  expect(res.status).toBe(201);
  const device = res.headers.getSetCookie().find((c) => c.startsWith('kith_device='));
  expect(device).toBeDefined();
  return { email, deviceCookie: device!.split(';')[0]! };
}

// Sign-in budgets count in fixed 15-minute windows: no case may straddle one's end.
beforeEach(() => startEarlyInWindow(15 * 60, 30), 40_000);

describe('no lockout by strangers', () => {
  it("refuses the attacker's source after 50 wrong passwords, while Alice still signs in from her own", async () => {
    const { email } = await alice();
    const attacker = source('attacker');
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 50; i++) {
      last = await logIn(email, `wrong guess ${i}`, { 'cf-connecting-ip': attacker });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(last!)).error.code).toBe('rate_limited');

    // Alice, from another network and a browser that never signed in: the right password works.
    const mine = await logIn(email, PASSWORD, { 'cf-connecting-ip': source('alice-cafe') });
    expect(mine.status).toBe(200);
    expect((await json(mine)).data.user.email).toBe(email);

    // The attacker's source stays refused, whichever address it tries next.
    const other = await logIn(uniqueEmail('bob'), 'anything at all', { 'cf-connecting-ip': attacker });
    expect(other.status).toBe(429);
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('slows an address that strangers fail on from many sources, but never refuses the right password', async () => {
    const { email, deviceCookie } = await alice();
    for (let i = 0; i < 8; i++) {
      expect((await logIn(email, `botnet guess ${i}`, { 'cf-connecting-ip': source(`bot-${i}`) })).status).toBe(401);
    }
    // From a browser that never signed in: through, after the wait the failures earned (2 s here).
    const started = Date.now();
    const slowed = await logIn(email, PASSWORD, { 'cf-connecting-ip': source('alice-new-laptop') });
    expect(slowed.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);

    // From the browser she signed up on: no wait.
    const known = Date.now();
    const fromDevice = await logIn(email, PASSWORD, { 'cf-connecting-ip': source('alice-home'), cookie: deviceCookie });
    expect(fromDevice.status).toBe(200);
    expect(Date.now() - known).toBeLessThan(1_500);
  });

  it("lets Alice's known device through on a network an attacker exhausted", async () => {
    const { email, deviceCookie } = await alice();
    const shared = source('shared-office');
    for (let i = 0; i < 30; i++) await logIn(uniqueEmail('spray'), 'spray guess', { 'cf-connecting-ip': shared });
    expect((await logIn(email, PASSWORD, { 'cf-connecting-ip': shared })).status).toBe(429);
    expect((await logIn(email, PASSWORD, { 'cf-connecting-ip': shared, cookie: deviceCookie })).status).toBe(200);
  });
});

/** The real Worker with a queue that records the jobs a request leaves (each is one reset email). */
async function askForReset(email: string) {
  const queued: unknown[] = [];
  const jobs = { send: async (body: unknown) => void queued.push(body) } as unknown as Env['JOBS'];
  const request = new Request('http://kith.test/api/v1/auth/password/forgot', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': source('reset') },
    body: JSON.stringify({ email }),
  });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...(env as unknown as Env), JOBS: jobs }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, text: await res.text(), emails: queued.length };
}

describe('reset emails are neither a mail bomb nor a lock', () => {
  it('mails an address at most a few times an hour, answering every request the same', async () => {
    const { email } = await alice();
    const answers: Awaited<ReturnType<typeof askForReset>>[] = [];
    for (let i = 0; i < RESET_MAILS.perHour + 3; i++) answers.push(await askForReset(email));
    expect(answers.every((a) => a.status === 202 && a.text === answers[0]!.text)).toBe(true);
    expect(answers.map((a) => a.emails)).toEqual([1, 1, 1, 0, 0, 0]);
    // The reset requests never touch sign-in.
    expect((await logIn(email, PASSWORD, { 'cf-connecting-ip': source('alice') })).status).toBe(200);
  });
});
