import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createApiApp } from '../../worker/api/app';
import { totpAt } from '../../worker/domain/auth/totp';
import type { Env } from '../../worker/env';
import { as, call, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';
import { freezeAtStartOfMinute } from '../support/clock';

const PASSWORD = 'correct horse battery';

async function enableTwoFactor(me: Session): Promise<{ secret: string; recovery: string[] }> {
  const setup = await json(await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' }));
  const secret: string = setup.data.secret;
  const res = await as(me, '/api/v1/me/two-factor/enable', { method: 'POST', json: { code: await totpAt(secret, Date.now()) } });
  expect(res.status).toBe(200);
  return { secret, recovery: (await json(res)).data.recovery_codes };
}

async function passwordStep(email: string) {
  const res = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
  return { res, body: await json(res) };
}

const codeStep = (challenge: string, code: string) =>
  call('/api/v1/auth/login/two-factor', { method: 'POST', json: { challenge_token: challenge, code } });
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';

describe('two-factor authentication (TOTP)', () => {
  it('is off until a code from the new secret confirms it, then gives 10 recovery codes once', async () => {
    const me = await signUp();
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data).toEqual({ enabled: false, pending: false, recovery_codes_left: 0 });
    const setup = await json(await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' }));
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_uri).toContain(`secret=${setup.data.secret}`);
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data.pending).toBe(true);
    // Pending is not on: the password alone still signs in.
    expect((await passwordStep(me.user.email)).res.status).toBe(200);

    const wrong = await as(me, '/api/v1/me/two-factor/enable', { method: 'POST', json: { code: '000000' } });
    expect(wrong.status).toBe(400);
    const ok = await as(me, '/api/v1/me/two-factor/enable', {
      method: 'POST',
      json: { code: await totpAt(setup.data.secret, Date.now()) },
    });
    const codes: string[] = (await json(ok)).data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data).toEqual({ enabled: true, pending: false, recovery_codes_left: 10 });
    // The secret is stored encrypted, the recovery codes hashed.
    const { env } = await import('cloudflare:workers');
    const db = (env as unknown as { DB: D1Database }).DB;
    const stored = JSON.stringify(
      await db.prepare('SELECT * FROM two_factor t JOIN recovery_codes r USING (user_id) WHERE user_id = ?').bind(me.user.id).all(),
    );
    expect(stored).not.toContain(setup.data.secret);
    expect(stored).not.toContain(codes[0]!.replace('-', ''));
  });

  it('asks API sign-in for a code as a second step; the pending step opens nothing', async () => {
    const email = uniqueEmail('twofa');
    const me = await signUp('Two Factor', email);
    const { secret } = await enableTwoFactor(me);

    const { res, body } = await passwordStep(email);
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('two_factor_required');
    expect(res.headers.get('set-cookie')).toBeNull();
    const challenge: string = body.error.details.challenge_token;
    expect((await call('/api/v1/me', { headers: { cookie: `kith_session=${challenge}` } })).status).toBe(401);
    expect((await call('/api/v1/me', { headers: { authorization: `Bearer ${challenge}` } })).status).toBe(401);

    expect((await codeStep(challenge, '123456')).status).toBe(401);
    // The enabling code used this step; the next step's code is within the ±1 window.
    const next = await totpAt(secret, Date.now() + 30_000);
    const signedIn = await codeStep(challenge, next);
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).data.user.email).toBe(email);
    expect((await call('/api/v1/me', { headers: { cookie: cookieOf(signedIn) } })).status).toBe(200);
    // The challenge is spent.
    expect((await codeStep(challenge, next)).status).toBe(401);

    // Replay: the same code in a fresh sign-in is refused.
    const again = (await passwordStep(email)).body.error.details.challenge_token;
    const replay = await codeStep(again, next);
    expect(replay.status).toBe(401);
    expect((await json(replay)).error.message).toMatch(/not valid/);
  });

  it('accepts each recovery code once', async () => {
    const email = uniqueEmail('recovery');
    const me = await signUp('Recovery', email);
    const { recovery } = await enableTwoFactor(me);
    const first = (await passwordStep(email)).body.error.details.challenge_token;
    expect((await codeStep(first, recovery[3]!.toUpperCase())).status).toBe(200);
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data.recovery_codes_left).toBe(9);
    const second = (await passwordStep(email)).body.error.details.challenge_token;
    expect((await codeStep(second, recovery[3]!)).status).toBe(401);
    expect((await codeStep(second, recovery[4]!)).status).toBe(200);
  });

  it('ends a sign-in after five wrong codes, even if the sixth is right', async () => {
    const email = uniqueEmail('guesser');
    const me = await signUp('Guesser', email);
    const { recovery } = await enableTwoFactor(me);
    const challenge = (await passwordStep(email)).body.error.details.challenge_token;
    for (let i = 0; i < 5; i++) expect((await codeStep(challenge, `00000${i}`)).status).toBe(401);
    const sixth = await codeStep(challenge, recovery[0]!);
    expect(sixth.status).toBe(401);
    expect((await json(sixth)).error.message).toMatch(/Too many/);
  });

  it('counts codes per user against AUTH_RATE_LIMIT_PER_15_MIN: over it, 429 before the code is checked', async () => {
    const email = uniqueEmail('limited');
    const me = await signUp('Limited', email);
    const { recovery } = await enableTwoFactor(me);
    const app = createApiApp();
    const limited = { ...(env as unknown as Env), AUTH_RATE_LIMIT_PER_15_MIN: '2' } as Env;
    const challenge = (await passwordStep(email)).body.error.details.challenge_token;
    const step = (code: string) =>
      app.request(
        `${ORIGIN}/api/v1/auth/login/two-factor`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challenge_token: challenge, code }) },
        limited,
      );
    // One window of 15 minutes for every code of the test.
    freezeAtStartOfMinute();
    try {
      for (const code of ['000001', '000002']) expect((await step(code)).status).toBe(401);
      const third = await step(recovery[0]!);
      expect(third.status).toBe(429);
      expect((await json(third)).error.message).toBe('Too many two-factor attempts; try again later');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves personal access tokens working', async () => {
    const me = await signUp();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'script' } }))).data.token;
    await enableTwoFactor(me);
    expect((await call('/api/v1/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('turns off only with the password and a current code', async () => {
    const email = uniqueEmail('off');
    const me = await signUp('Off', email);
    const { secret, recovery } = await enableTwoFactor(me);
    const next = await totpAt(secret, Date.now() + 30_000);
    const wrongPassword = await as(me, '/api/v1/me/two-factor/disable', { method: 'POST', json: { password: 'nope', code: next } });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await as(me, '/api/v1/me/two-factor/disable', { method: 'POST', json: { password: PASSWORD, code: '000000' } });
    expect(wrongCode.status).toBe(400);
    expect(
      (await as(me, '/api/v1/me/two-factor/disable', { method: 'POST', json: { password: PASSWORD, code: recovery[0]! } })).status,
    ).toBe(204);
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data.enabled).toBe(false);
    expect((await passwordStep(email)).res.status).toBe(200);
  });

  it('documents the new auth endpoints in the OpenAPI document', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    for (const path of [
      '/api/v1/auth/password/forgot',
      '/api/v1/auth/password/reset',
      '/api/v1/auth/login/two-factor',
      '/api/v1/me/two-factor/enable',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
