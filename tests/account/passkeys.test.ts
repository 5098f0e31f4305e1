import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { totpAt } from '../../worker/domain/auth/totp';
import { getSettings, type Env } from '../../worker/env';
import { as, call, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { outbox } from './outbox';

// Issue 41 item 8, docs/decisions/027: passkeys through the real Worker, with a software
// authenticator (tests/support/soft-authenticator.ts) making real attestations and signatures.

const PASSWORD = 'correct horse battery';
const db = (env as unknown as { DB: D1Database }).DB;
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('kith_session='))
    ?.split(';')[0] ?? '';

/** Adds a passkey to `me` the way Settings does: options, the authenticator's answer, the answer checked. */
async function addPasskey(me: Session, name?: string) {
  const key = await SoftAuthenticator.create(ORIGIN);
  const options = (await json(await as(me, '/api/v1/me/passkeys/options', { method: 'POST' }))).data;
  const res = await as(me, '/api/v1/me/passkeys', {
    method: 'POST',
    json: { response: await key.register(options), ...(name ? { name } : {}) },
  });
  expect(res.status).toBe(201);
  return { key, passkey: (await json(res)).data };
}

const signInOptions = async (body: { email?: string } = {}, headers: Record<string, string> = {}) =>
  (await json(await call('/api/v1/auth/passkey/options', { method: 'POST', headers, json: body }))).data;
const passkeySignIn = (response: unknown, headers: Record<string, string> = {}) =>
  call('/api/v1/auth/passkey', { method: 'POST', headers, json: { response } });

describe('passkeys', () => {
  it('registers a passkey, lists it named after the device, and signs in with it without the email or password', async () => {
    const me = await signUp('Pia Passkey');
    const key = await SoftAuthenticator.create(ORIGIN);
    const optionsRes = await as(me, '/api/v1/me/passkeys/options', { method: 'POST' });
    expect(optionsRes.status).toBe(200);
    const options = (await json(optionsRes)).data;
    // The relying party is APP_URL's host, the credential discoverable and verified.
    expect(options.rp).toEqual({ id: 'kith.test', name: 'Kith' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const added = await as(me, '/api/v1/me/passkeys', {
      method: 'POST',
      headers: {
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      },
      json: { response: await key.register(options) },
    });
    expect(added.status).toBe(201);
    const passkey = (await json(added)).data;
    expect(passkey).toMatchObject({ name: 'Chrome on macOS', last_used_at: null });
    expect(JSON.stringify(passkey)).not.toContain(key.credentialId);

    // Signed out: no email typed, the browser offers the passkey.
    const signInOpts = await signInOptions();
    expect(signInOpts.userVerification).toBe('required');
    expect(signInOpts.allowCredentials ?? []).toEqual([]);
    const res = await passkeySignIn(await key.sign(signInOpts));
    expect(res.status).toBe(200);
    expect((await json(res)).data.user.email).toBe(me.user.email);
    const session = { ...me, cookie: cookieOf(res) };
    expect(session.cookie).not.toBe(me.cookie);
    expect(JSON.stringify((await json(await as(session, '/api/v1/me'))).data)).toContain(me.user.email);
    // It went through the same sign-in as a password: this browser is now a known device.
    expect(res.headers.getSetCookie().some((c) => c.startsWith('kith_device='))).toBe(true);

    const listed = (await json(await as(session, '/api/v1/me/passkeys'))).data;
    expect(listed).toHaveLength(1);
    expect(listed[0].last_used_at).not.toBeNull();
  });

  it("signs in with the passkey of the email typed first, and refuses another account's", async () => {
    const me = await signUp('Eli Email');
    const other = await signUp('Otto Other');
    const { key } = await addPasskey(me);
    const { key: othersKey } = await addPasskey(other);

    const refused = await passkeySignIn(await othersKey.sign(await signInOptions({ email: me.user.email })));
    expect(refused.status).toBe(401);
    expect((await json(refused)).error.message).toBe('This passkey belongs to another account than the email you typed');
    expect(cookieOf(refused)).toBe('');

    const ok = await passkeySignIn(await key.sign(await signInOptions({ email: me.user.email.toUpperCase() })));
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.user.id).toBe(me.user.id);
  });

  it('refuses an answer made for another origin, a replayed answer, a cloned counter, and no user verification', async () => {
    const me = await signUp('Rita Refused');
    const { key } = await addPasskey(me);

    const phished = await passkeySignIn(await key.sign(await signInOptions(), { origin: 'https://kith.test.evil.example' }));
    expect(phished.status).toBe(401);
    expect((await json(phished)).error.message).toBe('This passkey answer was made for another site; use Kith at its own address');

    const answer = await key.sign(await signInOptions());
    expect((await passkeySignIn(answer)).status).toBe(200);
    const replayed = await passkeySignIn(answer);
    expect(replayed.status).toBe(401);
    expect((await json(replayed)).error.message).toBe('This passkey request has expired or was already used; start again');

    const copy = key.clone();
    expect((await passkeySignIn(await key.sign(await signInOptions()))).status).toBe(200);
    const cloned = await passkeySignIn(await copy.sign(await signInOptions()));
    expect(cloned.status).toBe(401);
    expect((await json(cloned)).error.message).toBe('This passkey looks copied (its use counter went backwards); it was refused');

    const unverified = await passkeySignIn(await key.sign(await signInOptions(), { userVerified: false }));
    expect(unverified.status).toBe(401);
    expect((await json(unverified)).error.message).toMatch(/did not confirm it was you/);
  });

  it('refuses a registration answer for another origin, and a registration challenge spent twice', async () => {
    const me = await signUp('Reg Refused');
    const key = await SoftAuthenticator.create(ORIGIN);
    const options = (await json(await as(me, '/api/v1/me/passkeys/options', { method: 'POST' }))).data;
    const foreign = await as(me, '/api/v1/me/passkeys', {
      method: 'POST',
      json: { response: await key.register(options, { origin: 'https://evil.example' }) },
    });
    expect(foreign.status).toBe(401);
    expect((await json(foreign)).error.message).toMatch(/made for another site/);
    // The challenge was spent by that answer: the right one cannot use it now.
    const late = await as(me, '/api/v1/me/passkeys', { method: 'POST', json: { response: await key.register(options) } });
    expect(late.status).toBe(401);
    expect((await json(await as(me, '/api/v1/me/passkeys'))).data).toEqual([]);
  });

  it("is a second factor where two-factor is on, and only with the account's own passkey", async () => {
    const email = uniqueEmail('twofa-passkey');
    const me = await signUp('Tess Two', email);
    const setup = (await json(await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' }))).data;
    expect(
      (await as(me, '/api/v1/me/two-factor/enable', { method: 'POST', json: { code: await totpAt(setup.secret, Date.now()) } })).status,
    ).toBe(200);
    const { key } = await addPasskey(me);
    const { key: strangersKey } = await addPasskey(await signUp('Stranger'));

    const passwordStep = async () => {
      const res = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
      expect(res.status).toBe(401);
      return (await json(res)).error.details.challenge_token as string;
    };
    const options = async (challenge: string) =>
      (await json(await call('/api/v1/auth/login/two-factor/passkey/options', { method: 'POST', json: { challenge_token: challenge } })))
        .data;
    const finish = (challenge: string, response: unknown) =>
      call('/api/v1/auth/login/two-factor/passkey', { method: 'POST', json: { challenge_token: challenge, response } });

    const challenge = await passwordStep();
    const opts = await options(challenge);
    expect(opts.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.credentialId]);
    const stranger = await finish(challenge, await strangersKey.sign(opts));
    expect(stranger.status).toBe(401);
    expect((await json(stranger)).error.message).toBe("This passkey is not one of this account's passkeys");
    expect(cookieOf(stranger)).toBe('');

    const ok = await finish(challenge, await key.sign(await options(challenge), { userVerified: false }));
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.user.id).toBe(me.user.id);
    expect(cookieOf(ok)).not.toBe('');
    // The password step's challenge is spent with it.
    expect(
      (await call('/api/v1/auth/login/two-factor/passkey/options', { method: 'POST', json: { challenge_token: challenge } })).status,
    ).toBe(401);
  });

  it('lets a right passkey through where wrong passwords from the same network are refused (ADR 007)', async () => {
    const me = await signUp('Nora Network');
    const { key } = await addPasskey(me);
    const network = { 'cf-connecting-ip': `203.0.113.9-${Math.random()}` };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('/api/v1/auth/login', {
        method: 'POST',
        headers: network,
        json: { email: me.user.email, password: `wrong ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    const res = await passkeySignIn(await key.sign(await signInOptions({}, network)), network);
    expect(res.status).toBe(200);
  });

  it("renames and removes passkeys behind the password or a fresh sign-in; another user's are not found", async () => {
    const me = await signUp('Remy Remove');
    const { key, passkey } = await addPasskey(me);
    const { passkey: second } = await addPasskey(me, 'Work laptop');
    const intruder = await signUp('Ivy Intruder');

    const renamed = await as(me, `/api/v1/me/passkeys/${passkey.id}`, { method: 'PATCH', json: { name: '  My phone ' } });
    expect((await json(renamed)).data.name).toBe('My phone');
    expect((await as(intruder, `/api/v1/me/passkeys/${passkey.id}`, { method: 'PATCH', json: { name: 'Mine now' } })).status).toBe(404);
    expect((await as(intruder, `/api/v1/me/passkeys/${passkey.id}`, { method: 'DELETE', json: { password: PASSWORD } })).status).toBe(404);

    // A session that began more than ten minutes ago must give the password.
    await db.prepare("UPDATE sessions SET created_at = '2020-01-01T00:00:00.000Z' WHERE user_id = ?").bind(me.user.id).run();
    const unproven = await as(me, `/api/v1/me/passkeys/${passkey.id}`, { method: 'DELETE', json: {} });
    expect(unproven.status).toBe(400);
    expect((await json(unproven)).error.message).toBe('Enter your password to remove a passkey');
    const wrong = await as(me, `/api/v1/me/passkeys/${passkey.id}`, { method: 'DELETE', json: { password: 'not it' } });
    expect((await json(wrong)).error.details.issues).toEqual([{ path: 'password', message: 'is incorrect' }]);
    const removed = await as(me, `/api/v1/me/passkeys/${passkey.id}`, { method: 'DELETE', json: { password: PASSWORD } });
    expect(removed.status).toBe(200);
    expect((await json(await as(me, '/api/v1/me/passkeys'))).data.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    const gone = await passkeySignIn(await key.sign(await signInOptions()));
    expect(gone.status).toBe(401);
    expect((await json(gone)).error.message).toMatch(/not registered with Kith/);
    // Both show in the activity log (issue 41 item 7), by name.
    const log = (await json(await as(me, '/api/v1/audit-log?page_size=100'))).data.map((e: { summary: string }) => e.summary);
    expect(log).toEqual(expect.arrayContaining(['Added passkey “Work laptop”', 'Removed passkey “My phone”']));

    // A fresh sign-in (here: with the other passkey) is proof enough on its own.
    const fresh = await signUp('Fresh Fay');
    const { key: freshKey, passkey: freshPasskey } = await addPasskey(fresh);
    const signedIn = await passkeySignIn(await freshKey.sign(await signInOptions()));
    const freshSession = { ...fresh, cookie: cookieOf(signedIn) };
    expect((await as(freshSession, `/api/v1/me/passkeys/${freshPasskey.id}`, { method: 'DELETE', json: {} })).status).toBe(200);
    expect(second.name).toBe('Work laptop');
  });

  it('asks a token for the account scope and the password to remove a passkey', async () => {
    const me = await signUp('Tom Token');
    const { passkey } = await addPasskey(me);
    const read = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'reader' } }))).data.token;
    const account = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'admin', scopes: ['account'] } }))).data
      .token;
    const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) =>
      call(`/api/v1/me/passkeys/${passkey.id}`, { ...init, headers: { authorization: `Bearer ${token}` } });
    expect((await call('/api/v1/me/passkeys', { headers: { authorization: `Bearer ${read}` } })).status).toBe(403);
    expect((await bearer(account, { method: 'DELETE', json: {} })).status).toBe(400);
    expect((await bearer(account, { method: 'DELETE', json: { password: PASSWORD } })).status).toBe(200);
  });

  it('survives a password reset, which says so on the sign-in page, and still signs in after it', async () => {
    const me = await signUp('Rosa Reset');
    const { key } = await addPasskey(me);
    const box = outbox();
    await requestPasswordReset(createDb(db), box.mailer, ORIGIN, me.user.email);
    const res = await call('/reset-password', {
      method: 'POST',
      headers: { host: new URL(ORIGIN).host, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: box.resetToken(),
        new_password: 'a recovered password',
        confirm_password: 'a recovered password',
      }),
    });
    expect(res.status).toBe(302);
    const page = await (await call(res.headers.get('location')!)).text();
    expect(page).toContain('Your passkey still signs in: if you do not recognise one, remove it in Settings.');
    expect((await as(me, '/api/v1/me')).status).toBe(401);
    expect((await passkeySignIn(await key.sign(await signInOptions()))).status).toBe(200);
  });

  it('takes its relying party from APP_URL, which is refused when the settings are read if it is no http(s) URL', () => {
    const withAppUrl = (value: string) => getSettings({ ...(env as unknown as Env), APP_URL: value });
    expect(() => withAppUrl('kith.example.com')).toThrow(/APP_URL must be an http\(s\) URL/);
    expect(() => withAppUrl('ftp://kith.example.com')).toThrow(/APP_URL must be an http\(s\) URL/);
    expect(withAppUrl('').APP_URL).toBeUndefined();
    expect(withAppUrl('https://kith.example.com/').APP_URL).toBe('https://kith.example.com/');
  });
});
