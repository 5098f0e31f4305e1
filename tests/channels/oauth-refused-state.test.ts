import { describe, expect, it } from 'vitest';
import { as, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';
import { emailConnection, googleLog } from './email-support';
import { xConnection, xLog } from '../social/x-support';

/** Kith's callback as the browser reaches it; answers where it sends the user and what that page says. */
async function callback(me: Session, path: string): Promise<{ landing: URL; page: string }> {
  const res = await as(me, path);
  expect(res.status).toBe(302);
  const landing = new URL(res.headers.get('location')!, 'http://kith.test');
  const page = await (await as(me, landing.pathname + landing.search)).text();
  return { landing, page };
}

async function storedGoogleTokens(me: Session): Promise<number> {
  return (await (await userD1(me)).prepare('SELECT count(*) AS n FROM google_connections WHERE user_id = ?').bind(me.user.id).first('n'))!;
}

/** The state a real "Connect" put in the consent URL (the consent screen is never answered). */
async function issuedState(me: Session, connectPath: string): Promise<string> {
  const consent = new URL((await as(me, connectPath)).headers.get('location')!);
  return consent.searchParams.get('state')!;
}

/** A code the (fake) provider really issued to `account` after a real "Connect", so only the state can refuse it. */
async function issuedCode(me: Session, connectPath: string, account: string): Promise<string> {
  const consent = new URL((await as(me, connectPath)).headers.get('location')!);
  consent.searchParams.set('fake_account', account);
  const back = new URL((await fetch(consent.toString(), { redirect: 'manual' })).headers.get('location')!);
  return back.searchParams.get('code')!;
}

describe('An OAuth callback whose state is forged or missing', () => {
  it('X: refused on the X card in plain words, with no token request and no connection', async () => {
    const me = await signUp();
    const code = await issuedCode(me, '/settings/x/connect', 'forged-x');

    const forged = await callback(me, `/settings/x/callback?code=${code}&state=${'f'.repeat(32)}`);
    expect(forged.landing.pathname + forged.landing.hash).toBe('/settings#integrations');
    expect(forged.landing.searchParams.get('integration_error')).toBe(
      'This X sign-in link is expired or not yours. Start again from Settings.',
    );
    expect(forged.page).toContain('This X sign-in link is expired or not yours.');

    const missing = await callback(me, `/settings/x/callback?code=${code}`);
    expect(missing.landing.searchParams.get('integration_error')).toBe('X did not complete the sign-in.');
    expect(missing.page).toContain('X did not complete the sign-in.');

    expect((await xConnection(me)).status).toBe('not_connected');
    expect((await xLog('forged-x')).filter((l) => l.kind === 'token')).toEqual([]);
  });

  it('Google: refused on the Import page in plain words, with no tokens stored and no Email connection', async () => {
    const me = await signUp();
    const code = await issuedCode(me, '/settings/google/connect?for=email', 'forged-google');

    const forged = await callback(me, `/settings/google/callback?code=${code}&state=${'f'.repeat(32)}`);
    expect(forged.landing.pathname).toBe('/import');
    expect(forged.landing.searchParams.get('google_error')).toBe(
      'This Google sign-in link is expired or not yours. Start again from Settings.',
    );
    expect(forged.page).toContain('This Google sign-in link is expired or not yours.');

    const missing = await callback(me, `/settings/google/callback?code=${code}`);
    expect(missing.landing.searchParams.get('google_error')).toBe('Google did not complete the sign-in.');
    expect(missing.page).toContain('Google did not complete the sign-in.');

    expect(await storedGoogleTokens(me)).toBe(0);
    expect((await emailConnection(me)).status).toBe('not_connected');
    expect(await googleLog('forged-google')).toEqual([]);
  });

  it('Google Email: a refused consent comes back to the Email card, and its unspent state is still no one else’s', async () => {
    const me = await signUp();
    const state = await issuedState(me, '/settings/google/connect?for=email');

    const denied = await callback(me, `/settings/google/callback?error=access_denied&state=${state}`);
    expect(denied.landing.pathname + denied.landing.hash).toBe('/settings#integrations');
    expect(denied.landing.searchParams.get('integration_error')).toBe('Google access was not granted.');
    expect(denied.page).toContain('Google access was not granted.');
    expect(await storedGoogleTokens(me)).toBe(0);
    expect((await emailConnection(me)).status).toBe('not_connected');

    const other = await signUp();
    const stolen = await callback(other, `/settings/google/callback?code=fake-code&state=${state}`);
    expect(stolen.landing.searchParams.get('google_error')).toMatch(/expired or not yours/);
    expect(await storedGoogleTokens(other)).toBe(0);
  });
});
