import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { as, call, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';
import { outbox } from './outbox';

const PASSWORD = 'correct horse battery';
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const settingsForm = (me: Session, fields: Record<string, string>) =>
  as(me, '/settings', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
  });

async function newToken(me: Session, name = 'script'): Promise<string> {
  return (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name } }))).data.token;
}

async function resetLink(email: string): Promise<string> {
  const box = outbox();
  await requestPasswordReset(createDb((env as unknown as { DB: D1Database }).DB), box.mailer, ORIGIN, email);
  return box.resetToken();
}

const reset = (token: string, password = 'a recovered password') =>
  call('/api/v1/auth/password/reset', { method: 'POST', json: { token, new_password: password } });

describe('a password change kills outstanding reset links', () => {
  it('through the API', async () => {
    const email = uniqueEmail('changed');
    const me = await signUp('Changed', email);
    const link = await resetLink(email);
    const changed = await as(me, '/api/v1/me/password', {
      method: 'POST',
      json: { current_password: PASSWORD, new_password: 'my own new password' },
    });
    expect(changed.status).toBe(200);
    const late = await reset(link, 'the attacker password');
    expect(late.status).toBe(400);
    expect((await json(late)).error.details.issues[0].path).toBe('token');
    expect(await (await call(`/reset-password?token=${encodeURIComponent(link)}`)).text()).toContain('This link no longer works');
    expect((await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'my own new password' } })).status).toBe(200);
  });

  it('through the Settings page', async () => {
    const email = uniqueEmail('changedpage');
    const me = await signUp('Changed Page', email);
    const link = await resetLink(email);
    expect(
      (await settingsForm(me, { intent: 'change-password', current_password: PASSWORD, new_password: 'my own new password' })).status,
    ).toBe(200);
    expect((await reset(link, 'the attacker password')).status).toBe(400);
  });
});

describe('a password change says which tokens still work and offers to revoke them', () => {
  it('answers tokens_remaining to a password change, and DELETE /tokens revokes them all', async () => {
    const me = await signUp('Counter', uniqueEmail('counter'));
    const other = await signUp('Other', uniqueEmail('other'));
    const [first, second, others] = [await newToken(me), await newToken(me), await newToken(other)];
    const changed = await as(me, '/api/v1/me/password', {
      method: 'POST',
      json: { current_password: PASSWORD, new_password: 'counted new password' },
    });
    expect((await json(changed)).data).toEqual({ signed_out_sessions: 0, tokens_remaining: 2 });

    const revoked = await as(me, '/api/v1/tokens', { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).data).toEqual({ revoked: 2 });
    expect((await call('/api/v1/me', bearer(first))).status).toBe(401);
    expect((await call('/api/v1/me', bearer(second))).status).toBe(401);
    expect((await as(me, '/api/v1/me')).status).toBe(200);
    // Another user's tokens are untouched.
    expect((await call('/api/v1/me', bearer(others))).status).toBe(200);
  });

  it('shows the count on the Settings page with a button that revokes them', async () => {
    const me = await signUp('Page Counter', uniqueEmail('pagecounter'));
    const token = await newToken(me);
    await newToken(me, 'extension');
    const changed = await settingsForm(me, { intent: 'change-password', current_password: PASSWORD, new_password: 'counted new password' });
    const page = await changed.text();
    expect(page).toContain('Password changed.');
    expect(page).toContain('2 personal access tokens still work');
    expect(page).toContain('value="revoke-all-tokens"');

    const revoked = await (await settingsForm(me, { intent: 'revoke-all-tokens' })).text();
    expect(revoked).toContain('Revoked 2 personal access tokens');
    expect((await call('/api/v1/me', bearer(token))).status).toBe(401);
    expect((await as(me, '/api/v1/me')).status).toBe(200);
  });
});
