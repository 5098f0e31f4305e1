import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import {
  connectTelegram,
  contactOfPeer,
  runTelegramSync,
  sentOnTelegram,
  telegramScenario,
  timeline,
  uniquePhone,
  user,
} from './telegram-support';

const send = (me: Session, contactId: string, body: string, key?: string) =>
  as(me, `/api/v1/contacts/${contactId}/messages`, {
    method: 'POST',
    json: { channel: 'telegram', body, ...(key ? { idempotency_key: key } : {}) },
  });

describe('Sending a Telegram message from the composer', () => {
  it("sends to the contact's @username once per submission and logs it once, even after a sync", async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await telegramScenario({ phone, chats: [{ id: '-1', title: 'Directory', participants: [user('1101', 'Fay', 'fay_f')] }] });
    await connectTelegram(me, phone);
    const fay = await createContact(me, { first_name: 'Fay', telegram_username: 'fay_f' });
    const first = await send(me, fay.id, 'Coffee tomorrow? ☕', 'submission-tg-1');
    expect(first.status).toBe(201);
    expect((await json(first)).data).toMatchObject({
      kind: 'message',
      channel: 'telegram',
      direction: 'out',
      status: 'delivered',
      body: 'Coffee tomorrow? ☕',
    });
    const retry = await send(me, fay.id, 'Coffee tomorrow? ☕', 'submission-tg-1');
    expect(retry.status).toBe(200);
    expect(await sentOnTelegram(phone)).toEqual([expect.objectContaining({ peer: '@fay_f', text: 'Coffee tomorrow? ☕' })]);

    await runTelegramSync(me);
    expect((await timeline(me, fay.id)).filter((i) => i.channel === 'telegram').map((i) => i.body)).toEqual(['Coffee tomorrow? ☕']);
  });

  it('a "2nd tier" contact the user messages loses the tag', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await telegramScenario({ phone, chats: [{ id: '-2', title: 'Neighbours', participants: [user('1201', 'Gus', 'gus_g')] }] });
    await connectTelegram(me, phone);
    await as(me, '/api/v1/integrations/telegram/settings', { method: 'PUT', json: { tag_second_tier: true } });
    await runTelegramSync(me);
    const gus = await contactOfPeer(me, '1201');
    expect(gus.tags).toContain('2nd tier');
    expect((await send(me, gus.id, 'Hi Gus, is the parcel yours?')).status).toBe(201);
    expect((await contactOfPeer(me, '1201')).tags).not.toContain('2nd tier');
  });

  it('answers FLOOD_WAIT_X with 429 and Retry-After X, and lets the same submission go through later', async () => {
    const me = await signUp();
    const phone = uniquePhone();
    await telegramScenario({
      phone,
      flood: { 'messages/send': 42 },
      chats: [{ id: '-3', title: 'x', participants: [user('1301', 'Hal', 'hal_h')] }],
    });
    await connectTelegram(me, phone);
    const hal = await createContact(me, { first_name: 'Hal', telegram_username: 'hal_h' });
    const flooded = await send(me, hal.id, 'Hello Hal', 'submission-flood');
    expect(flooded.status).toBe(429);
    expect(flooded.headers.get('retry-after')).toBe('42');
    expect(await timeline(me, hal.id)).toEqual([]);
    await telegramScenario({ phone, flood: {} });
    expect((await send(me, hal.id, 'Hello Hal', 'submission-flood')).status).toBe(201);
  });

  it('refuses a contact without a Telegram account, and sending before connecting', async () => {
    const me = await signUp();
    const ivy = await createContact(me, { first_name: 'Ivy', telegram_username: 'ivy_i' });
    const notConnected = await send(me, ivy.id, 'hi');
    expect(notConnected.status).toBe(409);
    expect((await json(notConnected)).error.code).toBe('channel_not_connected');
    await connectTelegram(me, uniquePhone());
    const jo = await createContact(me, { first_name: 'Jo' });
    const res = await send(me, jo.id, 'hi');
    expect(res.status).toBe(422);
    expect((await json(res)).error.message).toMatch(/no Telegram account/);
  });
});
