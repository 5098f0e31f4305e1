import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { as, call, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';
import { outbox } from './outbox';

const d1 = () => (env as unknown as { DB: D1Database }).DB;
const db = () => createDb(d1());
const PASSWORD = 'correct horse battery';

async function logInAgain(email: string, password = PASSWORD): Promise<Response> {
  return call('/api/v1/auth/login', { method: 'POST', json: { email, password } });
}

async function secondSession(email: string): Promise<Session> {
  const res = await logInAgain(email);
  return { user: (await json(res)).data.user, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

const reset = (token: string, newPassword: string) =>
  call('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: newPassword } });

describe('password reset by email', () => {
  it('answers the same for an address with and without an account', async () => {
    const email = uniqueEmail('known');
    await signUp('Known', email);
    const known = await call('/api/v1/auth/password/forgot', { method: 'POST', json: { email } });
    const unknown = await call('/api/v1/auth/password/forgot', { method: 'POST', json: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('emails a link only to an address that has an account', async () => {
    const email = uniqueEmail('mailme');
    await signUp('Mail Me', email);
    const box = outbox();
    await requestPasswordReset(db(), box.mailer, ORIGIN, uniqueEmail('stranger'));
    expect(box.sent).toHaveLength(0);
    await requestPasswordReset(db(), box.mailer, ORIGIN, email.toUpperCase());
    expect(box.sent).toHaveLength(1);
    expect(box.sent[0]!.to).toBe(email);
    expect(box.sent[0]!.text).toContain(`${ORIGIN}/reset-password?token=`);
    // Only the hash of the token is stored.
    const stored = await d1().prepare('SELECT id FROM password_resets WHERE id = ?').bind(box.resetToken()).first();
    expect(stored).toBeNull();
  });

  it('sets the new password, signs out every session, and the link works only once', async () => {
    const email = uniqueEmail('forgetful');
    const laptop = await signUp('Forgetful', email);
    const phone = await secondSession(email);
    const box = outbox();
    await requestPasswordReset(db(), box.mailer, ORIGIN, email);

    const res = await reset(box.resetToken(), 'a fresh new password');
    expect(res.status).toBe(200);
    expect((await as(laptop, '/api/v1/me')).status).toBe(401);
    expect((await as(phone, '/api/v1/me')).status).toBe(401);
    expect((await logInAgain(email)).status).toBe(401);
    expect((await logInAgain(email, 'a fresh new password')).status).toBe(200);

    const again = await reset(box.resetToken(), 'yet another password');
    expect(again.status).toBe(400);
    expect((await json(again)).error.details.issues[0].path).toBe('token');
    expect((await logInAgain(email, 'a fresh new password')).status).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const email = uniqueEmail('slow');
    const me = await signUp('Slow', email);
    const box = outbox();
    await requestPasswordReset(db(), box.mailer, ORIGIN, email);
    // 31 minutes later (the link lives 30).
    await d1()
      .prepare("UPDATE password_resets SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minute') WHERE user_id = ?")
      .bind(me.user.id)
      .run();
    expect((await reset(box.resetToken(), 'too late password')).status).toBe(400);
    expect((await as(me, '/api/v1/me')).status).toBe(200);
    expect((await logInAgain(email)).status).toBe(200);
  });

  it('refuses a made-up token and a short password', async () => {
    expect((await reset('not-a-real-token', 'long enough password')).status).toBe(400);
    const short = await reset('whatever', 'short');
    expect(short.status).toBe(400);
    expect((await json(short)).error.details.issues[0].path).toBe('new_password');
  });

  it('refuses a source that asks for resets too often, known address or not', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`;
    const ask = () =>
      call('/api/v1/auth/password/forgot', { method: 'POST', headers: { 'cf-connecting-ip': ip }, json: { email: uniqueEmail('spam') } });
    // 25 per 15 minutes per source in the test config (5 × AUTH_RATE_LIMIT_PER_15_MIN).
    for (let i = 0; i < 25; i++) expect((await ask()).status).toBe(202);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(limited)).error.code).toBe('rate_limited');
  });
});
