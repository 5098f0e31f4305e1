import { beforeEach, describe, expect, it } from 'vitest';
import { as, call, json, ORIGIN, signUp, type Session } from '../support/client';
import { connectApp } from '../support/mcp-oauth';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { startEarlyInWindow } from '../support/rate-window';

// Issue 41 item 1, as a class: an attacker sharing the owner's network (a café, a carrier's NAT)
// who used up that network's budget never keeps the owner out when the owner's credential cannot
// be guessed (a passkey, a connected app's refresh token): the right one always gets in, while
// the attacker's wrong ones are answered 429 (docs/decisions/050). The tests' N is 5.

const N = 5;
const PASSWORD = 'correct horse battery';
const network = () => ({ 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}` });

async function addPasskey(me: Session) {
  const key = await SoftAuthenticator.create(ORIGIN);
  const options = (await json(await as(me, '/api/v1/me/passkeys/options', { method: 'POST' }))).data;
  expect((await as(me, '/api/v1/me/passkeys', { method: 'POST', json: { response: await key.register(options) } })).status).toBe(201);
  return key;
}

// A WebAuthn answer of the right shape to no challenge Kith gave ({"type":"webauthn.get"}).
const FORGED_ASSERTION = {
  id: 'Zm9yZ2Vk',
  rawId: 'Zm9yZ2Vk',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiZm9yZ2VkIn0', authenticatorData: 'AAAA', signature: 'AAAA' },
};

const tokenFrom = (headers: Record<string, string>, fields: Record<string, string>) =>
  call('/oauth/token', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

// Sign-in budgets count in fixed 15-minute windows: no case may straddle one's end.
beforeEach(() => startEarlyInWindow(15 * 60, 30), 40_000);

describe('the right credential gets in from a network an attacker exhausted', () => {
  it('a passkey signs in where the same network was refused for wrong passwords and wrong passkeys', async () => {
    const me = await signUp('Café owner');
    const key = await addPasskey(me);
    const cafe = network();
    // The attacker spends the network's whole budget on other addresses (5×N), then is refused.
    for (let i = 0; i < N * 5; i++)
      await call('/api/v1/auth/login', { method: 'POST', headers: cafe, json: { email: `victim${i}@example.com`, password: 'guess' } });
    const refused = await call('/api/v1/auth/login', { method: 'POST', headers: cafe, json: { email: me.user.email, password: 'guess' } });
    expect(refused.status).toBe(429);
    // A forged passkey answer from there is refused too, and counted.
    const forged = await call('/api/v1/auth/passkey', {
      method: 'POST',
      headers: cafe,
      json: { response: FORGED_ASSERTION },
    });
    expect(forged.status).toBe(429);
    // The owner's passkey on the same network signs in.
    const options = (await json(await call('/api/v1/auth/passkey/options', { method: 'POST', headers: cafe, json: {} }))).data;
    const signedIn = await call('/api/v1/auth/passkey', { method: 'POST', headers: cafe, json: { response: await key.sign(options) } });
    expect(signedIn.status).toBe(200);
  });

  it("a browser that signed in before still gets a passkey's options where strangers used the network's up", async () => {
    const me = await signUp('Known browser');
    const key = await addPasskey(me);
    const cafe = network();
    const login = await call('/api/v1/auth/login', { method: 'POST', headers: cafe, json: { email: me.user.email, password: PASSWORD } });
    const device = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('kith_device='))!
      .split(';')[0]!;
    for (let i = 0; i < N * 5; i++) await call('/api/v1/auth/passkey/options', { method: 'POST', headers: cafe, json: {} });
    expect((await call('/api/v1/auth/passkey/options', { method: 'POST', headers: cafe, json: {} })).status).toBe(429);
    const mine = await call('/api/v1/auth/passkey/options', { method: 'POST', headers: { ...cafe, cookie: device }, json: {} });
    expect(mine.status).toBe(200);
    const signedIn = await call('/api/v1/auth/passkey', {
      method: 'POST',
      headers: { ...cafe, cookie: device },
      json: { response: await key.sign((await json(mine)).data) },
    });
    expect(signedIn.status).toBe(200);
  });

  it('the token endpoint slows a source of wrong codes and refresh tokens down, and a right refresh token still works there', async () => {
    const me = await signUp('Agent owner');
    const app = await connectApp(me, 'Desk agent');
    const cafe = network();
    for (let i = 0; i < N * 5; i++) {
      const wrong = await tokenFrom(cafe, { grant_type: 'refresh_token', refresh_token: `kithr_guess${i}`, client_id: app.clientId });
      expect(wrong.status, `try ${i + 1}`).toBe(400);
    }
    const slowed = await tokenFrom(cafe, { grant_type: 'refresh_token', refresh_token: 'kithr_guess', client_id: app.clientId });
    expect(slowed.status).toBe(429);
    expect(await json(slowed)).toMatchObject({ error: 'slow_down' });
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await tokenFrom(cafe, { grant_type: 'refresh_token', refresh_token: app.tokens.refresh_token, client_id: app.clientId });
    expect(right.status, await right.clone().text()).toBe(200);
    expect((await json(right)).access_token).toMatch(/^kith_/);
  });
});
