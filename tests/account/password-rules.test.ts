import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../worker/db/client';
import { BOOKMARK_COOKIE } from '../../worker/db/d1-session';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { hashPassword, PASSWORD_ITERATIONS, verifyPassword } from '../../worker/domain/auth/passwords';
import { users } from '../../worker/db/schema';
import { getSettings, type Env } from '../../worker/env';
import { as, call, json, ORIGIN, signUp, uniqueEmail } from '../support/client';
import { outbox } from './outbox';

const PASSWORD = 'correct horse battery';
/** The count vitest.config.ts sets; production's is PASSWORD_ITERATIONS (tested below). */
const SUITE_ITERATIONS = Number((env as unknown as { PASSWORD_HASH_ITERATIONS: string }).PASSWORD_HASH_ITERATIONS);
const COMMON = ['password', 'Password1', 'qwertyuiop', 'iloveyou', 'sunshine1', 'trustno1'];
const page = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      origin: ORIGIN,
      host: new URL(ORIGIN).host,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
  });

async function resetToken(email: string): Promise<string> {
  const box = outbox();
  await requestPasswordReset(createDb((env as unknown as { DB: D1Database }).DB), box.mailer, ORIGIN, email);
  return box.resetToken();
}

describe('common passwords are refused wherever a password is set', () => {
  it('at signup, through the API and the page', async () => {
    for (const password of COMMON) {
      const email = uniqueEmail('common');
      const res = await call('/api/v1/auth/signup', { method: 'POST', json: { email, password, name: 'Common' } });
      expect(res.status, password).toBe(400);
      const body = await json(res);
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.message).toContain('This password is too common');
      expect(body.error.details.issues[0].path).toBe('password');
      // Nothing was created: the address is still free.
      expect((await call('/api/v1/auth/signup', { method: 'POST', json: { email, password: PASSWORD, name: 'Common' } })).status).toBe(201);
    }
    const form = await page('/signup', { email: uniqueEmail('commonform'), password: 'password1', name: 'Form' });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('This password is too common');
    // The only cookie is the D1 bookmark every page carries (ADR 014): no session.
    expect(form.headers.getSetCookie().filter((c) => !c.startsWith(`${BOOKMARK_COOKIE}=`))).toEqual([]);
  });

  it('refuses a 7-character password with the same words at every door that sets one', async () => {
    const SHORT = 'k1th-7c';
    const TOO_SHORT = 'Use at least 8 characters';
    const apiRefusal = async (res: Response, field: string) => {
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.error.message).toBe(TOO_SHORT);
      expect(body.error.details.issues).toEqual([{ path: field, message: TOO_SHORT }]);
    };
    const pageRefusal = async (res: Response) => {
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(TOO_SHORT);
      // No session: the only cookie is the D1 bookmark every page carries (ADR 014).
      expect(res.headers.getSetCookie().filter((c) => !c.startsWith(`${BOOKMARK_COOKIE}=`))).toEqual([]);
    };

    await apiRefusal(
      await call('/api/v1/auth/signup', { method: 'POST', json: { email: uniqueEmail('short'), password: SHORT, name: 'Short' } }),
      'password',
    );
    await pageRefusal(await page('/signup', { email: uniqueEmail('shortform'), password: SHORT, name: 'Short' }));

    const email = uniqueEmail('shortreset');
    const me = await signUp('Short', email);
    const token = await resetToken(email);
    await apiRefusal(await call('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: SHORT } }), 'new_password');
    await pageRefusal(await page('/reset-password', { token, new_password: SHORT, confirm_password: SHORT }));

    await apiRefusal(
      await as(me, '/api/v1/me/password', { method: 'POST', json: { current_password: PASSWORD, new_password: SHORT } }),
      'new_password',
    );
    const change = await page('/settings', { intent: 'change-password', current_password: PASSWORD, new_password: SHORT }, me.cookie);
    expect(change.status).toBe(400);
    expect(await change.text()).toContain(TOO_SHORT);

    // Nothing changed: the password still works and the reset link is still usable.
    expect((await call('/api/v1/auth/login', { method: 'POST', json: { email, password: PASSWORD } })).status).toBe(200);
    expect(
      (await call('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: 'an uncommon new password' } })).status,
    ).toBe(200);
  });

  it('at reset, through the API and the page, and the link stays usable', async () => {
    const email = uniqueEmail('commonreset');
    await signUp('Reset', email);
    const token = await resetToken(email);
    const api = await call('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: 'iloveyou' } });
    expect(api.status).toBe(400);
    expect((await json(api)).error.details.issues[0].path).toBe('new_password');
    const form = await page('/reset-password', { token, new_password: 'letmein1', confirm_password: 'letmein1' });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('This password is too common');
    expect(
      (await call('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: 'an uncommon new password' } })).status,
    ).toBe(200);
  });

  it('at a password change, through the API and the Settings page', async () => {
    const me = await signUp('Changer', uniqueEmail('commonchange'));
    const api = await as(me, '/api/v1/me/password', { method: 'POST', json: { current_password: PASSWORD, new_password: 'trustno1' } });
    expect(api.status).toBe(400);
    expect((await json(api)).error.details.issues[0].path).toBe('new_password');
    const form = await page('/settings', { intent: 'change-password', current_password: PASSWORD, new_password: 'qwertyuiop' }, me.cookie);
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('This password is too common');
    // The old password still works.
    expect((await call('/api/v1/auth/login', { method: 'POST', json: { email: me.user.email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('sign-in does not tell who has an account', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The PBKDF2 derivations (and their iteration counts) one sign-in runs, seen at WebCrypto. */
  async function derivationsOf(email: string, password: string): Promise<{ status: number; iterations: number[] }> {
    const spy = vi.spyOn(crypto.subtle, 'deriveBits');
    const res = await call('/api/v1/auth/login', { method: 'POST', json: { email, password } });
    const iterations = spy.mock.calls.map(([algorithm]) => (algorithm as Pbkdf2Params).iterations);
    spy.mockRestore();
    return { status: res.status, iterations };
  }

  it('runs the same password derivation for an unknown email as for a known one', async () => {
    const email = uniqueEmail('known');
    await signUp('Known', email);
    const known = await derivationsOf(email, 'a wrong password');
    const unknown = await derivationsOf(uniqueEmail('unknown'), 'a wrong password');
    expect(known).toEqual({ status: 401, iterations: [SUITE_ITERATIONS] });
    expect(unknown).toEqual(known);
  });

  it('does the same on the login page', async () => {
    const spy = vi.spyOn(crypto.subtle, 'deriveBits');
    const res = await page('/login', { email: uniqueEmail('nobody'), password: 'a wrong password' });
    expect(res.status).toBe(401);
    expect(spy.mock.calls.map(([algorithm]) => (algorithm as Pbkdf2Params).iterations)).toEqual([SUITE_ITERATIONS]);
  });
});

describe('password hashes', () => {
  it('take 100 000 PBKDF2 rounds wherever the setting is unset, as in production', () => {
    expect(getSettings({} as Env).PASSWORD_HASH_ITERATIONS).toBe(100_000);
    // Out of range (Workers allow at most 100 000; fewer than 1 000 is no hash): production's count.
    expect(getSettings({ PASSWORD_HASH_ITERATIONS: '500' } as unknown as Env).PASSWORD_HASH_ITERATIONS).toBe(100_000);
    expect(getSettings({ PASSWORD_HASH_ITERATIONS: '200000' } as unknown as Env).PASSWORD_HASH_ITERATIONS).toBe(100_000);
    expect(SUITE_ITERATIONS).toBeLessThan(PASSWORD_ITERATIONS);
  });

  it("store production's count as before, and any other count with the hash, so each verifies at its own", async () => {
    const production = await hashPassword(PASSWORD, PASSWORD_ITERATIONS);
    expect(production.hash).toMatch(/^[0-9a-f]{64}$/);
    const lowered = await hashPassword(PASSWORD, 1_000);
    expect(lowered.hash).toMatch(/^1000\$[0-9a-f]{64}$/);
    for (const { hash, salt } of [production, lowered]) {
      expect(await verifyPassword(PASSWORD, hash, salt)).toBe(true);
      expect(await verifyPassword('correct horse battery!', hash, salt)).toBe(false);
    }
    // The same password and salt at another count is another hash: the count is part of it.
    expect(await verifyPassword(PASSWORD, production.hash, lowered.salt)).toBe(false);
    expect(await verifyPassword(PASSWORD, `1000$${production.hash}`, production.salt)).toBe(false);
  });

  it('sign in users whose password was set at another count than the setting now says', async () => {
    const me = await signUp('Counted');
    const db = createDb((env as unknown as { DB: D1Database }).DB);
    const { hash, salt } = await hashPassword(PASSWORD, PASSWORD_ITERATIONS);
    await db.update(users).set({ passwordHash: hash, passwordSalt: salt }).where(eq(users.id, me.user.id));
    expect((await call('/api/v1/auth/login', { method: 'POST', json: { email: me.user.email, password: PASSWORD } })).status).toBe(200);
    expect(
      (await call('/api/v1/auth/login', { method: 'POST', json: { email: me.user.email, password: 'not the password' } })).status,
    ).toBe(401);
  });
});
