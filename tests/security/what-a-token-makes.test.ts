import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SESSION_ONLY } from '../../worker/api/route-scopes';
import { totpAt } from '../../worker/domain/auth/totp';
import { as, call, json, ORIGIN, signUp } from '../support/client';

// Issue 41 item 3, round three: a token, even one with every scope, cannot plant a way in that
// outlives it (a passkey, a sync password, a device with notifications) nor turn two-factor on
// with a secret only its holder knows (a reset does not turn two-factor off: the owner would be
// locked out). A signed-in browser still can (docs/decisions/050).

const PASSWORD = 'correct horse battery';
const EVERY_SCOPE = ['contacts:read', 'contacts:write', 'account'];

const ATTEMPTS: Record<string, { path: string; json?: unknown }> = {
  'POST /me/two-factor/setup': { path: '/me/two-factor/setup' },
  'POST /me/two-factor/enable': { path: '/me/two-factor/enable', json: { code: '123456' } },
  'POST /me/passkeys/options': { path: '/me/passkeys/options' },
  'POST /me/passkeys': { path: '/me/passkeys', json: {} },
  'POST /app-passwords': { path: '/app-passwords', json: { name: 'planted phone' } },
  'POST /push/devices': {
    path: '/push/devices',
    json: { endpoint: 'https://push.example/planted', keys: { p256dh: 'x', auth: 'y' }, device: 'planted' },
  },
};

describe('what only a signed-in browser may do', () => {
  it('refuses a token with every scope, 403 naming the session, and nothing is made', async () => {
    expect([...SESSION_ONLY].sort()).toEqual(Object.keys(ATTEMPTS).sort());
    const me = await signUp('Session only');
    const made = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'stolen', scopes: EVERY_SCOPE } });
    const token = (await json(made)).data.token as string;
    for (const [operation, attempt] of Object.entries(ATTEMPTS)) {
      const res = await call(`/api/v1${attempt.path}`, {
        method: 'POST',
        json: attempt.json,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, operation).toBe(403);
      expect((await json(res)).error, operation).toMatchObject({ code: 'forbidden', details: { operation, needed: 'session' } });
    }
    // Nothing was planted: no sync password, no device, two-factor still off, and the owner's
    // password alone still signs in.
    expect((await json(await as(me, '/api/v1/app-passwords'))).data).toEqual([]);
    expect((await json(await as(me, '/api/v1/push'))).data.devices ?? []).toEqual([]);
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data.enabled).toBe(false);
    const signIn = await call('/api/v1/auth/login', { method: 'POST', json: { email: me.user.email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
  });

  it('lets the signed-in browser do them', async () => {
    const me = await signUp('Browser');
    expect((await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' })).status).toBe(200);
    expect((await as(me, '/api/v1/me/passkeys/options', { method: 'POST' })).status).toBe(200);
    expect((await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: 'my phone' } })).status).toBe(201);
  });

  it('says so in the OpenAPI document: those operations take the session only', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    for (const operation of SESSION_ONLY) {
      const [method, path] = operation.split(' ') as [string, string];
      expect(doc.paths[`/api/v1${path}`][method.toLowerCase()].security, operation).toEqual([{ Session: [] }]);
    }
  });
});

describe('a webhook a token registers', () => {
  it('is listed as its own and removed with it; one made in the browser stays', async () => {
    const me = await signUp('Webhook maker');
    const mint = async (name: string) =>
      (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name, scopes: ['account', 'contacts:read'] } }))).data as {
        id: string;
        token: string;
      };
    const [n8n, zapier] = [await mint('n8n'), await mint('zapier')];
    const hook = (url: string) => ({ method: 'POST', json: { url, events: ['contact.created'] } });
    const made = await call('/api/v1/webhooks', { ...hook('https://hooks.test/n8n'), headers: { authorization: `Bearer ${n8n.token}` } });
    expect(made.status).toBe(201);
    expect((await json(made)).data.created_by_token_id).toBe(n8n.id);
    await call('/api/v1/webhooks', { ...hook('https://hooks.test/zapier'), headers: { authorization: `Bearer ${zapier.token}` } });
    await as(me, '/api/v1/webhooks', hook('https://hooks.test/mine'));

    const urls = async () => ((await json(await as(me, '/api/v1/webhooks'))).data as { url: string }[]).map((h) => h.url).sort();
    expect(await as(me, `/api/v1/tokens/${n8n.id}`, { method: 'DELETE' })).toMatchObject({ status: 204 });
    expect(await urls()).toEqual(['https://hooks.test/mine', 'https://hooks.test/zapier']);
    expect(await as(me, '/api/v1/tokens', { method: 'DELETE' })).toMatchObject({ status: 200 });
    expect(await urls()).toEqual(['https://hooks.test/mine']);
  });
});

describe('turning two-factor on from a session that is not fresh', () => {
  it('needs the password, on the API and on the Settings page, so a stolen session cannot lock the owner out', async () => {
    const me = await signUp('Stale session');
    const secret = (await json(await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' }))).data.secret as string;
    await (env as unknown as { DB: D1Database }).DB.prepare("UPDATE sessions SET created_at = '2020-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(me.user.id)
      .run();
    const code = async () => totpAt(secret, Date.now());
    const refused = await as(me, '/api/v1/me/two-factor/enable', { method: 'POST', json: { code: await code() } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toMatchObject({
      message: 'Enter your password to turn two-factor on',
      details: { issues: [{ path: 'password', message: 'is required' }] },
    });
    const page = await as(me, '/settings', {
      method: 'POST',
      headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'two-factor-enable', code: await code() }),
    });
    expect(await page.text()).toContain('Enter your password to turn two-factor on');
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data.enabled).toBe(false);
    const wrong = await as(me, '/api/v1/me/two-factor/enable', {
      method: 'POST',
      json: { code: await code(), password: 'not mine at all' },
    });
    expect((await json(wrong)).error.message).toBe('The password is incorrect');
    const ok = await as(me, '/api/v1/me/two-factor/enable', {
      method: 'POST',
      json: { code: await code(), password: 'correct horse battery' },
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await json(await as(me, '/api/v1/me/two-factor'))).data.enabled).toBe(true);
  });
});
