import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';
import { connectX, runXSync, sendDm, timeline, xConnection, xLog, xScenario } from './x-support';
import { userD1 } from '../support/stores';

describe('Sending an X direct message from the contact page', () => {
  it('sends to the contact’s handle and logs it once on the timeline with the dm event id, even after a sync', async () => {
    const me = await signUp();
    await xScenario({ account: 'send', users: [{ username: 'Ada_L' }] });
    await connectX(me, 'send');
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: '@ada_l' });
    const text = 'Coffee on Thursday? ☕ Grüße!';
    const res = await sendDm(me, ada.id, { body: text });
    expect(res.status).toBe(201);
    const sent = (await json(res)).data;
    expect(sent).toMatchObject({ contact_id: ada.id, kind: 'message', channel: 'twitter', direction: 'out', body: text, source: 'x' });

    const sends = (await xLog('send')).filter((l) => l.kind === 'send');
    expect(sends).toEqual([expect.objectContaining({ to: 'Ada_L', text })]);
    const row = await (
      await userD1(me)
    )
      .prepare('SELECT external_id FROM interactions WHERE id = ?')
      .bind(sent.id)
      .first<{ external_id: string }>();
    expect(row!.external_id).toBe(sends[0]!.dm_event_id);

    // The sent DM comes back through dm_events: still one message on the timeline.
    await runXSync(me);
    expect((await timeline(me, ada.id)).filter((i) => i.kind === 'message')).toHaveLength(1);
  });

  it('sends once per composer submission: a retry with the same key answers the first send', async () => {
    const me = await signUp();
    await xScenario({ account: 'idem', users: [{ username: 'ada' }] });
    await connectX(me, 'idem');
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada' });
    const first = await sendDm(me, ada.id, { body: 'Only once', idempotency_key: 'x-submission-0001' });
    const again = await sendDm(me, ada.id, { body: 'Only once', idempotency_key: 'x-submission-0001' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((await json(again)).data.id).toBe((await json(first)).data.id);
    expect((await xLog('idem')).filter((l) => l.kind === 'send')).toHaveLength(1);
  });

  it('passes X rate limiting on as 429 with Retry-After from x-rate-limit-reset, logs nothing, and lets the same submission retry', async () => {
    const me = await signUp();
    await xScenario({ account: 'busy', users: [{ username: 'ada' }] });
    await connectX(me, 'busy');
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada' });
    await xScenario({ account: 'busy', rateLimitFor: 120 });
    const limited = await sendDm(me, ada.id, { body: 'Hello', idempotency_key: 'x-submission-0002' });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(115);
    expect(retryAfter).toBeLessThanOrEqual(121);
    expect((await json(limited)).error.code).toBe('rate_limited');
    expect(await timeline(me, ada.id)).toHaveLength(0);

    await xScenario({ account: 'busy', rateLimitFor: null });
    expect((await sendDm(me, ada.id, { body: 'Hello', idempotency_key: 'x-submission-0002' })).status).toBe(201);
  });

  it('refuses a contact without an X handle or with a handle X does not know, with a clear 422', async () => {
    const me = await signUp();
    await xScenario({ account: 'refuse' });
    await connectX(me, 'refuse');
    const nameOnly = await createContact(me, { first_name: 'Nobody' });
    const noHandle = await sendDm(me, nameOnly.id, { body: 'Hello' });
    expect(noHandle.status).toBe(422);
    expect((await json(noHandle)).error.message).toMatch(/no X handle/);
    const ghost = await createContact(me, { first_name: 'Ghost', twitter_handle: 'no_such_user' });
    const unknown = await sendDm(me, ghost.id, { body: 'Hello' });
    expect(unknown.status).toBe(422);
    expect((await json(unknown)).error.message).toMatch(/@no_such_user/);
  });

  it('answers 409 channel_not_connected without an X connection', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada' });
    const res = await sendDm(me, ada.id, { body: 'Hello' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('channel_not_connected');
  });
});

describe('X tokens', () => {
  it('refreshes a rejected access token (X rotates the refresh token), then reports revoked access on the card', async () => {
    const me = await signUp();
    await xScenario({ account: 'expiry', users: [{ username: 'ada' }] });
    await connectX(me, 'expiry');
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada' });
    await xScenario({ account: 'expiry', revokeAccessTokens: true });
    expect((await sendDm(me, ada.id, { body: 'After a refresh' })).status).toBe(201);
    expect((await xLog('expiry')).filter((l) => l.kind === 'token').map((l) => l.grant_type)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    // The rotated refresh token was stored: a second refresh works too.
    await xScenario({ account: 'expiry', revokeAccessTokens: true });
    expect((await sendDm(me, ada.id, { body: 'After a second refresh' })).status).toBe(201);

    await xScenario({ account: 'expiry', revokeAccessTokens: true, revokeRefreshTokens: true });
    const res = await sendDm(me, ada.id, { body: 'Revoked' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('channel_not_connected');
    expect(await xConnection(me)).toMatchObject({ status: 'error', last_error: expect.stringMatching(/Connect X again/) });
    const page = await (await as(me, '/settings')).text();
    expect(page).toContain('Connect X again in Settings');
    expect(page).toContain('Reconnect X');
  });

  it('refreshes an expired access token before calling X', async () => {
    const me = await signUp();
    await xScenario({ account: 'expired', users: [{ username: 'ada' }], accessTokenExpiresIn: 30 });
    await connectX(me, 'expired');
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada' });
    expect((await sendDm(me, ada.id, { body: 'Hello' })).status).toBe(201);
    expect((await xLog('expired')).filter((l) => l.kind === 'token').map((l) => l.grant_type)).toContain('refresh_token');
  });
});
