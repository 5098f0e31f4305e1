import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startChannelConnect } from '../../app/settings/integrations/channel-oauth.server';
import { xConfigured } from '../../worker/domain/x/x-config';
import { as, call, json, signUp } from '../support/client';
import { connectX, sendDm, xConnection, xLog, xScenario } from './x-support';
import { userDeps } from '../support/stores';
import { userD1 } from '../support/stores';

describe('Connecting X', () => {
  it('uses PKCE: the token request carries the verifier whose S256 is the challenge sent to X', async () => {
    const me = await signUp();
    await xScenario({ account: 'pkce', username: 'Ada_Kith' });
    const { consent, landing } = await connectX(me, 'pkce');
    expect(consent.origin + consent.pathname).toMatch(/\/x\/i\/oauth2\/authorize$/);
    expect(consent.searchParams.get('scope')).toBe('dm.read dm.write tweet.read users.read offline.access');
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('redirect_uri')).toMatch(/\/settings\/x\/callback$/);
    const challenge = consent.searchParams.get('code_challenge')!;

    const token = (await xLog('pkce')).find((l) => l.kind === 'token')!;
    expect(token.grant_type).toBe('authorization_code');
    expect(createHash('sha256').update(token.code_verifier).digest('base64url')).toBe(challenge);
    expect(token.verifier_matches).toBe(true);

    expect(landing.pathname + landing.search).toBe('/settings?connected=x');
    expect(await xConnection(me)).toMatchObject({
      status: 'connected',
      account_label: '@Ada_Kith',
      last_error: null,
      last_synced_at: expect.any(String),
    });
    const row = await (
      await userD1(me)
    )
      .prepare("SELECT credentials_encrypted FROM channel_connections WHERE user_id = ? AND channel = 'x'")
      .bind(me.user.id)
      .first<{ credentials_encrypted: string }>();
    // Encrypted at rest ("iv.ciphertext"), never plain JSON with the tokens.
    expect(row!.credentials_encrypted).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(row!.credentials_encrypted).not.toContain('access_token');
  });

  it('spends the state once and refuses another user’s state', async () => {
    const me = await signUp();
    const start = await as(me, '/settings/x/connect');
    const consent = new URL(start.headers.get('location')!);
    consent.searchParams.set('fake_account', 'state');
    const callback = new URL((await fetch(consent.toString(), { redirect: 'manual' })).headers.get('location')!);

    const other = await signUp();
    const stolen = await as(other, callback.pathname + callback.search);
    expect(decodeURIComponent(stolen.headers.get('location')!)).toMatch(/integration_error=This X sign-in link is expired or not yours/);
    expect((await xConnection(other)).status).toBe('not_connected');

    expect((await as(me, callback.pathname + callback.search)).headers.get('location')).toBe('/settings?connected=x#integrations');
    const replay = await as(me, callback.pathname + callback.search);
    expect(decodeURIComponent(replay.headers.get('location')!)).toMatch(/integration_error=This X sign-in link is expired/);
  });

  it('shows the X card in Settings, and says X is not configured without a client id', async () => {
    const me = await signUp();
    const page = await (await as(me, '/settings')).text();
    expect(page).toContain('X (Twitter)');
    expect(page).toContain('href="/settings/x/connect"');

    const settings = { ...(await userDeps(me)).settings, X_CLIENT_ID: undefined };
    expect(xConfigured(settings)).toBe(false);
    // What /settings/x/connect answers on a server without X's client id: back to the card, in plain words.
    const refused = await startChannelConnect({ ...(await userDeps(me)), settings }, me.user.id, 'x');
    expect(decodeURIComponent(refused.headers.get('location')!)).toMatch(
      /^\/settings\?integration_error=X isn't set up on this server yet\. Ask whoever runs Kith to set it up\.&integration_error_mac=[0-9a-f]{64}#integrations$/,
    );
  });

  it('disconnects: the credentials are deleted and sending is refused with 409', async () => {
    const me = await signUp();
    await xScenario({ account: 'disc', users: [{ username: 'ada' }] });
    await connectX(me, 'disc');
    expect((await as(me, '/api/v1/integrations/x', { method: 'DELETE' })).status).toBe(204);
    expect((await xConnection(me)).status).toBe('not_connected');
    const row = await (
      await userD1(me)
    )
      .prepare("SELECT count(*) AS n FROM channel_connections WHERE user_id = ? AND channel = 'x'")
      .bind(me.user.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
    const ada = (await json(await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', twitter_handle: 'ada' } }))).data;
    const res = await sendDm(me, ada.id, { body: 'Hello' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('channel_not_connected');
    expect((await as(me, '/api/v1/integrations/x/sync', { method: 'POST' })).status).toBe(409);
  });

  it('documents "Sync X now" in the OpenAPI document', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(doc.paths['/api/v1/integrations/x/sync'].post.summary).toMatch(/X channel/);
    expect(Object.keys(doc.paths['/api/v1/integrations/x/sync'].post.responses)).toContain('202');
  });
});
