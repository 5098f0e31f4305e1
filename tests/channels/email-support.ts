import { env as workerEnv } from 'cloudflare:workers';
import { expect, inject } from 'vitest';
import type { Env } from '../../worker/env';
import { syncGmail } from '../../worker/domain/gmail/sync-gmail';
import { as, json, type Session } from '../support/client';
import { connectThroughConsent } from '../support/oauth';
import { firstSyncSettled } from '../support/channel-sync';
import { userDeps } from '../support/stores';

export const env = workerEnv as unknown as Env & { DB: D1Database };
export const fake = () => inject('fakeProvidersUrl');
const post = (path: string, body: unknown) => fetch(`${fake()}${path}`, { method: 'POST', body: JSON.stringify(body) });
export const googleScenario = (body: Record<string, unknown>) => post('/__scenario/google', body);
export const gmailScenario = async (body: Record<string, unknown>) =>
  (await (await post('/__scenario/gmail', body)).json()) as { ids: string[] };
export const calendarScenario = (body: Record<string, unknown>) => post('/__scenario/google-calendar', body);
export const sentMail = async (account: string) =>
  (await fetch(`${fake()}/__scenario/gmail/sent?account=${account}`)).json() as Promise<any[]>;
export const googleLog = async (account: string) =>
  (await fetch(`${fake()}/__scenario/google/log?account=${account}`)).json() as Promise<{ kind: string }[]>;

/** Settings → Email card → Connect → (fake) Google consent → callback. Returns where it lands. */
export async function connectEmail(me: Session, account: string): Promise<URL> {
  const { landing } = await connectThroughConsent(me, '/settings/google/connect?for=email', account);
  await firstSyncSettled(me.user.id, 'gmail');
  return landing;
}

/**
 * Connecting queues the first sync. Tests that count what a run logs wait for that job, so
 * it never runs alongside theirs (both would be correct, but the counts would be shared).
 */

/** The sync job's work, run now (the queue runs it too; every run is idempotent). */
export const runSync = async (me: Session) => syncGmail(await userDeps(me), me.user.id);

export async function timeline(me: Session, contactId: string): Promise<any[]> {
  const res = await as(me, `/api/v1/contacts/${contactId}/timeline?limit=200`);
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

export async function emailConnection(me: Session) {
  const res = await as(me, '/api/v1/integrations');
  expect(res.status).toBe(200);
  return ((await json(res)).data as any[]).find((c) => c.channel === 'gmail');
}
