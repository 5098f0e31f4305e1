import { env as workerEnv } from 'cloudflare:workers';
import { expect, inject } from 'vitest';
import { syncTelegram } from '../../worker/domain/telegram/sync-telegram';
import type { Env } from '../../worker/env';
import { as, json, type Session } from '../support/client';
import { firstSyncSettled } from '../support/channel-sync';
import { userDeps } from '../support/stores';
import { userD1 } from '../support/stores';

export const env = workerEnv as unknown as Env & { DB: D1Database };
const fake = () => inject('fakeProvidersUrl');

let phones = 0;
/** A phone number no other test uses (each is its own fake Telegram account). */
export const uniquePhone = () => `+4477009${String(Date.now() % 100_000).padStart(5, '0')}${++phones}${Math.floor(Math.random() * 10)}`;

export const telegramScenario = async (body: Record<string, unknown>) =>
  (await fetch(`${fake()}/__scenario/telegram`, { method: 'POST', body: JSON.stringify(body) })).json();
export const sentOnTelegram = async (phone: string) =>
  (await fetch(`${fake()}/__scenario/telegram/sent?phone=${encodeURIComponent(phone)}`)).json() as Promise<
    { peer: string; text: string }[]
  >;

export const step = (me: Session, path: string, body: Record<string, unknown>) =>
  as(me, `/api/v1/integrations/telegram/${path}`, { method: 'POST', json: body });

/** Settings → Telegram card: phone, then the code (and the password when asked). */
export async function connectTelegram(me: Session, phone: string, password?: string) {
  expect((await step(me, 'login', { phone })).status).toBe(200);
  const coded = await json(await step(me, 'code', { code: '12345' }));
  if (password) {
    expect(coded.data.next).toBe('password');
    expect((await step(me, 'password', { password })).status).toBe(200);
  }
  await firstSyncSettled(me.user.id, 'telegram');
}

export const runTelegramSync = async (me: Session, contactId?: string) => syncTelegram(await userDeps(me), me.user.id, contactId);

export async function telegramCard(me: Session) {
  return ((await json(await as(me, '/api/v1/integrations'))).data as any[]).find((c) => c.channel === 'telegram');
}

export async function timeline(me: Session, contactId: string): Promise<any[]> {
  const res = await as(me, `/api/v1/contacts/${contactId}/timeline?limit=200`);
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

/** The contact Kith linked to a Telegram user id. */
export async function contactOfPeer(me: Session, peerId: string): Promise<any> {
  const row = await (
    await userD1(me)
  )
    .prepare('SELECT contact_id FROM telegram_peers WHERE user_id = ? AND peer_id = ?')
    .bind(me.user.id, peerId)
    .first<{ contact_id: string }>();
  if (!row) return null;
  return (await json(await as(me, `/api/v1/contacts/${row.contact_id}`))).data;
}

export const user = (id: string, first: string, username: string | null = null) => ({
  id,
  username,
  first_name: first,
  last_name: null,
  phone: null,
});
