import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { totpAt } from '../../worker/domain/auth/totp';
import { as, call, json, ORIGIN, signUp, uniqueEmail } from '../support/client';
import { outbox } from './outbox';

const PASSWORD = 'correct horse battery';
const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
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
const cookieNamed = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

describe('account safety pages', () => {
  it('signs in through the login form in two steps for a two-factor account', async () => {
    const email = uniqueEmail('form2fa');
    const me = await signUp('Form User', email);
    const secret = (await json(await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' }))).data.secret;
    await as(me, '/api/v1/me/two-factor/enable', { method: 'POST', json: { code: await totpAt(secret, Date.now()) } });

    const first = await postForm('/login', { email, password: PASSWORD, redirectTo: '/contacts' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/login/two-factor?redirectTo=%2Fcontacts');
    expect(cookieNamed(first, 'kith_session')).toBeUndefined();
    const pending = cookieNamed(first, 'kith_2fa')!;
    expect(pending).toBeTruthy();
    // Halfway signed in is not signed in.
    const home = await call('/home', { headers: { cookie: pending } });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toContain('/login');
    expect((await call('/api/v1/me', { headers: { cookie: `kith_session=${pending.split('=')[1]}` } })).status).toBe(401);

    const page = await call('/login/two-factor?redirectTo=%2Fcontacts', { headers: { cookie: pending } });
    expect(await page.text()).toContain('Enter the 6-digit code from your authenticator app');
    const wrong = await postForm('/login/two-factor', { code: '000000', redirectTo: '/contacts' }, pending);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That code is not valid');

    const done = await postForm('/login/two-factor', { code: await totpAt(secret, Date.now() + 30_000), redirectTo: '/contacts' }, pending);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/contacts');
    const session = cookieNamed(done, 'kith_session')!;
    expect((await call('/api/v1/me', { headers: { cookie: session } })).status).toBe(200);
  });

  it('sends the user without a pending sign-in back to the login page', async () => {
    const res = await call('/login/two-factor');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('answers the forgot-password form the same way for anyone', async () => {
    const known = uniqueEmail('formknown');
    await signUp('Known', known);
    const a = await postForm('/forgot-password', { email: known });
    const b = await postForm('/forgot-password', { email: uniqueEmail('formunknown') });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const [textA, textB] = [await a.text(), await b.text()];
    expect(textA).toContain('If an account exists for that address');
    expect(textB).toContain('If an account exists for that address');
  });

  it('resets the password through the reset page and signs every device out', async () => {
    const email = uniqueEmail('formreset');
    const me = await signUp('Reset Me', email);
    const box = outbox();
    await requestPasswordReset(createDb((env as unknown as { DB: D1Database }).DB), box.mailer, ORIGIN, email);
    const token = box.resetToken();

    expect(await (await call(`/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain('Choose a new password');
    const mismatch = await postForm('/reset-password', { token, new_password: 'new password one', confirm_password: 'other' });
    expect(mismatch.status).toBe(400);
    const ok = await postForm('/reset-password', { token, new_password: 'new password one', confirm_password: 'new password one' });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(/^\/login\?reset=done&ended=sessions\.1(-|$)/);
    expect((await as(me, '/api/v1/me')).status).toBe(401);
    expect(await (await call(`/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain('This link no longer works');
  });
});
