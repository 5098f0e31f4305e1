import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { totpAt } from '../../worker/domain/auth/totp';
import type { Env } from '../../worker/env';
import { recordingQueue } from '../support/recording-queue';
import { ORIGIN, uniqueEmail } from '../support/client';
import { emailBinding, outbox } from './outbox';

// Issue 41 item 7: the account's security events in the user's activity log, and the important
// ones by email. The real Worker runs with the mail binding replaced by a recorder and a queue
// that keeps what the request sent; the test then delivers those jobs to the same Worker.
const PASSWORD = 'correct horse battery';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function kith() {
  const mail = emailBinding();
  const jobs = recordingQueue<Record<string, unknown>>();
  const bindings = { ...(env as unknown as Env), EMAIL: mail.binding, JOBS: jobs.queue as unknown as Env['JOBS'] };
  async function fetch(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', `198.51.100.${Math.floor(Math.random() * 250)}`);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.method && init.method !== 'GET') headers.set('origin', ORIGIN);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const request = new Request(`${ORIGIN}${path}`, {
      method: init.method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      redirect: 'manual',
    });
    const ctx = createExecutionContext();
    const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }
  /** Runs what the requests queued (geocoding and the like are ignored), as the consumer would. */
  async function deliver() {
    const bodies = jobs.sent.splice(0).filter((body) => body.type === 'send_security_alert');
    const messages = bodies.map((body, i) => ({ id: `m-${i}`, timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} }));
    await worker.queue({ queue: 'kith-jobs', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<never>, bindings);
  }
  return { fetch, deliver, mail };
}

async function signedUp(app: ReturnType<typeof kith>) {
  const email = uniqueEmail('secev');
  const res = await app.fetch('/api/v1/auth/signup', { method: 'POST', json: { email, password: PASSWORD, name: 'Sec Events' } });
  expect(res.status).toBe(201);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return {
    email,
    cookie: cookies.find((c) => c.startsWith('kith_session='))!,
    device: cookies.find((c) => c.startsWith('kith_device='))!,
  };
}

async function activity(app: ReturnType<typeof kith>, cookie: string): Promise<string[]> {
  const res = await app.fetch('/api/v1/audit-log?page_size=100', { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { summary: string }[] }).data.map((e) => e.summary);
}

describe('security events', () => {
  it('a sign-in from a new device is in the activity log and mailed, masked; the known browser is not', async () => {
    const app = kith();
    const me = await signedUp(app);
    const again = await app.fetch('/api/v1/auth/login', {
      method: 'POST',
      cookie: me.device,
      json: { email: me.email, password: PASSWORD },
    });
    expect(again.status).toBe(200);
    const fresh = await app.fetch('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'user-agent': FIREFOX, 'cf-connecting-ip': '203.0.113.77' },
      json: { email: me.email, password: PASSWORD },
    });
    expect(fresh.status).toBe(200);
    const session = fresh.headers
      .getSetCookie()
      .find((c) => c.startsWith('kith_session='))!
      .split(';')[0]!;
    await app.deliver();

    expect((await activity(app, me.cookie)).filter((s) => s.startsWith('Signed in'))).toEqual([
      'Signed in from a new device (Firefox on Linux, 203.0.113.x)',
    ]);
    expect(app.mail.sent).toHaveLength(1);
    const [alert] = app.mail.sent;
    expect(alert!.to).toBe(me.email);
    expect(alert!.text).toContain('Signed in from a new device (Firefox on Linux, 203.0.113.x)');
    expect(alert!.text).not.toContain('203.0.113.77');
    expect(alert!.text).not.toContain(session.split('=')[1]!);
  });

  it('password change, two-factor on and off, tokens, the feed and an export are listed; the important ones mailed', async () => {
    const app = kith();
    const me = await signedUp(app);
    const post = (path: string, json?: unknown) => app.fetch(path, { method: 'POST', cookie: me.cookie, json });

    const plain = await post('/api/v1/tokens', { name: 'script' });
    const account = await post('/api/v1/tokens', { name: 'admin tool', scopes: ['account'] });
    const accountToken = ((await account.json()) as { data: { id: string; token: string } }).data;
    expect((await app.fetch(`/api/v1/tokens/${accountToken.id}`, { method: 'DELETE', cookie: me.cookie })).status).toBe(204);
    expect(plain.status).toBe(201);
    expect((await post('/api/v1/settings/calendar-feed')).status).toBe(201);
    expect((await app.fetch('/api/v1/settings/calendar-feed', { method: 'DELETE', cookie: me.cookie })).status).toBe(204);
    expect((await app.fetch('/api/v1/export.json', { cookie: me.cookie })).status).toBe(200);

    const setup = (await (await post('/api/v1/me/two-factor/setup')).json()) as { data: { secret: string } };
    const on = await post('/api/v1/me/two-factor/enable', { code: await totpAt(setup.data.secret, Date.now()) });
    const recovery = ((await on.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes;
    expect((await post('/api/v1/me/two-factor/disable', { password: PASSWORD, code: recovery[0] })).status).toBe(204);

    const changed = await post('/api/v1/me/password', { current_password: PASSWORD, new_password: 'another good passphrase' });
    expect(changed.status).toBe(200);
    await app.deliver();

    expect((await activity(app, me.cookie)).reverse()).toEqual([
      'Created personal access token “script” (contacts:read, contacts:write)',
      'Created personal access token “admin tool” (account)',
      'Revoked personal access token “admin tool”',
      'Created a calendar feed link',
      'Turned off the calendar feed link',
      'Downloaded an export (everything, JSON)',
      'Turned on two-factor authentication',
      'Turned off two-factor authentication',
      'Changed the password',
    ]);
    const lines = app.mail.sent.map((m) => m.text);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Created personal access token “admin tool” (account)');
    expect(lines[1]).toContain('Turned off two-factor authentication');
    expect(lines[2]).toContain('Changed the password');
    for (const text of lines) {
      expect(text).not.toContain(accountToken.token);
      expect(text).not.toContain(recovery[0]);
    }
  });

  it('a password reset is listed and mailed, and the mail holds no link', async () => {
    const app = kith();
    const me = await signedUp(app);
    const box = outbox();
    await requestPasswordReset(createDb((env as unknown as { DB: D1Database }).DB), box.mailer, ORIGIN, me.email);
    const token = box.resetToken();
    const reset = await app.fetch('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: 'a recovered password' } });
    expect(reset.status).toBe(200);
    await app.deliver();
    expect(app.mail.sent).toHaveLength(1);
    expect(app.mail.sent[0]!.text).toContain('Reset the password with an emailed link; every way in was ended');
    expect(app.mail.sent[0]!.text).not.toContain(token);
    expect(app.mail.sent[0]!.text).not.toMatch(/reset-password\?token=/);

    const back = await app.fetch('/api/v1/auth/login', {
      method: 'POST',
      cookie: me.device,
      json: { email: me.email, password: 'a recovered password' },
    });
    const cookie = back.headers
      .getSetCookie()
      .find((c) => c.startsWith('kith_session='))!
      .split(';')[0]!;
    expect(await activity(app, cookie)).toContain('Reset the password with an emailed link; every way in was ended');
  });
});
