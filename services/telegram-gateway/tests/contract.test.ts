import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, startRealGateway, type GatewayUnderTest } from './support/gateways.ts';
import { ana, bo, bot, cy, FLOODED, MOVING, PLAIN, REVOKED, TWO_FA, world } from './support/world.ts';

// One contract, two gateways: Kith's fake (tests/fakes/telegram-gateway.ts) and the real gateway
// process over a scripted Telegram. What the workerd suite relies on must hold for both.

describe.each([
  ['the fake gateway', startFakeGateway],
  ['the real gateway process', startRealGateway],
])('gateway wire format v1: %s', (_name, start) => {
  let gateway: GatewayUnderTest;
  beforeAll(async () => {
    gateway = await start();
  }, 30_000);
  afterAll(() => gateway?.stop());

  async function call(method: string, body: unknown, secret = gateway.secret) {
    const res = await fetch(`${gateway.url}/v1/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function signedIn(phone: string) {
    const account = world.find((a) => a.phone === phone)!;
    const sent = await call('auth/send-code', { phone });
    const done = await call('auth/sign-in', {
      session: sent.body.session,
      phone,
      phone_code_hash: sent.body.phone_code_hash,
      code: account.code,
    });
    expect(done.status).toBe(200);
    return done.body.session as string;
  }

  it('refuses a wrong shared secret with a bare 401', async () => {
    const res = await call('auth/send-code', { phone: PLAIN }, 'not-the-secret');
    expect(res.status).toBe(401);
    expect(res.body.error.type).toBeUndefined();
  });

  it('rejects a malformed phone number', async () => {
    const res = await call('auth/send-code', { phone: 'call me' });
    expect(res).toMatchObject({ status: 400, body: { error: { type: 'PHONE_NUMBER_INVALID' } } });
  });

  it('signs in with the code, after a wrong one', async () => {
    const sent = await call('auth/send-code', { phone: PLAIN });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ session: expect.any(String), phone_code_hash: expect.any(String) });
    const wrong = await call('auth/sign-in', {
      session: sent.body.session,
      phone: PLAIN,
      phone_code_hash: sent.body.phone_code_hash,
      code: '00000',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: { type: 'PHONE_CODE_INVALID' } } });
    const right = await call('auth/sign-in', {
      session: sent.body.session,
      phone: PLAIN,
      phone_code_hash: sent.body.phone_code_hash,
      code: '24680',
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      session: expect.any(String),
      user: { id: '7100000001', username: 'me_here', first_name: 'Me', last_name: null, phone: '15550000101', bot: false },
    });
  });

  it('asks a 2FA account for its password and checks it', async () => {
    const sent = await call('auth/send-code', { phone: TWO_FA });
    const signIn = await call('auth/sign-in', {
      session: sent.body.session,
      phone: TWO_FA,
      phone_code_hash: sent.body.phone_code_hash,
      code: '13579',
    });
    expect(signIn).toMatchObject({ status: 401, body: { error: { type: 'SESSION_PASSWORD_NEEDED' } } });
    const wrong = await call('auth/check-password', { session: sent.body.session, password: 'wrong' });
    expect(wrong).toMatchObject({ status: 400, body: { error: { type: 'PASSWORD_HASH_INVALID' } } });
    const right = await call('auth/check-password', { session: sent.body.session, password: 'correct horse' });
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ id: '7100000002', first_name: 'Secure', username: null });
  });

  it('lists one-to-one dialogs with read markers, up to the limit', async () => {
    const session = await signedIn(PLAIN);
    const all = await call('dialogs', { session, limit: 100 });
    expect(all.status).toBe(200);
    expect(all.body.dialogs).toEqual([
      { peer: { ...ana, bot: false }, top_message_id: 13, read_outbox_max_id: 12, read_inbox_max_id: 0 },
      { peer: { ...bo, bot: false }, top_message_id: 20, read_outbox_max_id: 0, read_inbox_max_id: 0 },
      { peer: bot, top_message_id: 30, read_outbox_max_id: 0, read_inbox_max_id: 0 },
    ]);
    const one = await call('dialogs', { session, limit: 1 });
    expect(one.body.dialogs.map((d: any) => d.peer.id)).toEqual([ana.id]);
  });

  it('pages history above min_id, oldest first', async () => {
    const session = await signedIn(PLAIN);
    const first = await call('messages', { session, peer_id: ana.id, min_id: 0, limit: 2 });
    expect(first.body.messages).toEqual([
      { id: 10, date: 1_700_000_000, out: false, text: 'hi' },
      { id: 11, date: 1_700_000_060, out: true, text: 'hello Ana' },
    ]);
    const next = await call('messages', { session, peer_id: ana.id, min_id: 11, limit: 100 });
    expect(next.body.messages.map((m: any) => m.id)).toEqual([12, 13]);
  });

  it('reads bios, null when a user has none', async () => {
    const session = await signedIn(PLAIN);
    const res = await call('users/full', { session, user_ids: [ana.id, bo.id] });
    expect(res.body).toEqual({
      users: [
        { id: ana.id, about: 'Designer in Lisbon' },
        { id: bo.id, about: null },
      ],
    });
  });

  it('lists basic groups and megagroups with member counts, and their members', async () => {
    const session = await signedIn(PLAIN);
    const groups = await call('chats', { session, limit: 20 });
    expect(groups.body.chats).toEqual([
      { id: '-4001', title: 'Book club', participants_count: 3 },
      { id: '-1000000005002', title: 'Climbing', participants_count: 4 },
    ]);
    const basic = await call('chats/participants', { session, chat_id: '-4001', limit: 200 });
    expect(basic.body.participants.map((u: any) => u.id)).toEqual(['7100000001', ana.id, bo.id]);
    const mega = await call('chats/participants', { session, chat_id: '-1000000005002', limit: 3 });
    expect(mega.body.participants.map((u: any) => u.id)).toEqual(['7100000001', ana.id, cy.id]);
  });

  it('sends by id or @username, and a retry with the same random_id sends nothing new', async () => {
    const session = await signedIn(PLAIN);
    const byName = await call('messages/send', { session, peer: '@cy_member', text: 'see you at the wall', random_id: 'contract-send-1' });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({
      message: { id: expect.any(Number), date: expect.any(Number), out: true, text: 'see you at the wall' },
      peer: { ...cy, bot: false },
    });
    const retry = await call('messages/send', { session, peer: '@cy_member', text: 'see you at the wall', random_id: 'contract-send-1' });
    expect(retry.body.message.id).toBe(byName.body.message.id);
    const history = await call('messages', { session, peer_id: cy.id, min_id: 0, limit: 100 });
    expect(history.body.messages.filter((m: any) => m.text === 'see you at the wall')).toHaveLength(1);
    const byId = await call('messages/send', { session, peer: bo.id, text: 'hi Bo', random_id: 'contract-send-2' });
    expect(byId.body.peer.id).toBe(bo.id);
    const nobody = await call('messages/send', { session, peer: '99999', text: 'hello?', random_id: 'contract-send-3' });
    expect(nobody).toMatchObject({ status: 400, body: { error: { type: 'PEER_ID_INVALID' } } });
    const noName = await call('messages/send', { session, peer: '@no_such_person', text: 'hello?', random_id: 'contract-send-4' });
    expect(noName).toMatchObject({ status: 400, body: { error: { type: 'USERNAME_NOT_OCCUPIED' } } });
  });

  it('refuses limits beyond the wire format and unknown methods', async () => {
    const session = await signedIn(PLAIN);
    for (const [method, body] of [
      ['dialogs', { limit: 101 }],
      ['messages', { peer_id: ana.id, min_id: 0, limit: 0 }],
      ['chats', { limit: 201 }],
      ['chats/participants', { chat_id: '-4001', limit: 1001 }],
      ['users/full', { user_ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) }],
    ] as const) {
      expect(await call(method, { session, ...body }), method).toMatchObject({ status: 400, body: { error: { type: 'BAD_REQUEST' } } });
    }
    expect(await call('contacts/delete', { session })).toMatchObject({ status: 400, body: { error: { type: 'METHOD_INVALID' } } });
  });

  it('answers the moved session with the call that moved it', async () => {
    const session = await signedIn(MOVING);
    const moved = await call('dialogs', { session, limit: 10 });
    expect(moved.status).toBe(200);
    expect(moved.body.session).toEqual(expect.any(String));
    expect(moved.body.session).not.toBe(session);
    expect(moved.body.dialogs.map((d: any) => d.peer.id)).toEqual([bo.id]);
    const next = await call('messages', { session: moved.body.session, peer_id: bo.id, min_id: 0, limit: 10 });
    expect(next.body).toEqual({ messages: [{ id: 5, date: 1_700_000_500, out: false, text: 'moved?' }] });
  });

  it('answers FLOOD_WAIT with the seconds to wait', async () => {
    const session = await signedIn(FLOODED);
    const res = await call('dialogs', { session, limit: 10 });
    expect(res).toMatchObject({ status: 420, body: { error: { type: 'FLOOD_WAIT', seconds: 37 } } });
  });

  it('says a session ended in Telegram, or never finished, needs a new login', async () => {
    const revoked = await signedIn(REVOKED);
    expect((await call('dialogs', { session: revoked, limit: 10 })).body.error.type).toBe('AUTH_KEY_UNREGISTERED');
    const halfway = (await call('auth/send-code', { phone: PLAIN })).body.session;
    expect(await call('dialogs', { session: halfway, limit: 10 })).toMatchObject({
      status: 401,
      body: { error: { type: 'AUTH_KEY_UNREGISTERED' } },
    });
    expect(await call('chats', { session: 'made-up', limit: 10 })).toMatchObject({
      status: 401,
      body: { error: { type: 'AUTH_KEY_UNREGISTERED' } },
    });
  });
});
