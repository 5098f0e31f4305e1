import { env as workerEnv } from 'cloudflare:workers';
import { expect, inject } from 'vitest';
import { syncX } from '../../worker/domain/x/sync-x';
import type { Env } from '../../worker/env';
import { as, json, type Session } from '../support/client';
import { connectThroughConsent } from '../support/oauth';
import { firstSyncSettled } from '../support/channel-sync';
import { userDeps } from '../support/stores';

export const env = workerEnv as unknown as Env & { DB: D1Database };
const fake = () => inject('fakeProvidersUrl');

export interface XScenario {
  account: string;
  username?: string;
  users?: { username: string; description?: string }[];
  messages?: { with: string; from: 'me' | 'them'; text: string; created_at?: string }[];
  pageSize?: number;
  accessTokenExpiresIn?: number;
  revokeAccessTokens?: boolean;
  revokeRefreshTokens?: boolean;
  rateLimitFor?: number | null;
  /** Every API answer for the account hangs (`hangMs`) or trickles in (`dripMs`); null ends it. */
  stall?: { hangMs?: number; dripMs?: number } | null;
}

export const xScenario = async (body: XScenario) =>
  (await (await fetch(`${fake()}/__scenario/x`, { method: 'POST', body: JSON.stringify(body) })).json()) as {
    event_ids: string[];
    me: { id: string; username: string };
  };
export const xLog = async (account: string) =>
  (await fetch(`${fake()}/__scenario/x/log?account=${account}`)).json() as Promise<Record<string, any>[]>;

/** Settings → X card → Connect → (fake) X consent → callback. Returns the consent URL and where it lands. */
export async function connectX(me: Session, account: string): Promise<{ consent: URL; landing: URL }> {
  const connected = await connectThroughConsent(me, '/settings/x/connect', account);
  await firstSyncSettled(me.user.id, 'x');
  return connected;
}

/** The sync job's work, run now (the queue runs it too; every run is idempotent). */
export const runXSync = async (me: Session) => syncX(await userDeps(me), me.user.id);

export async function timeline(me: Session, contactId: string): Promise<any[]> {
  const res = await as(me, `/api/v1/contacts/${contactId}/timeline?limit=200`);
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

export async function xConnection(me: Session) {
  const res = await as(me, '/api/v1/integrations');
  expect(res.status).toBe(200);
  return ((await json(res)).data as any[]).find((c) => c.channel === 'x');
}

export const sendDm = (me: Session, contactId: string, body: Record<string, unknown>) =>
  as(me, `/api/v1/contacts/${contactId}/messages`, { method: 'POST', json: { channel: 'twitter', ...body } });
