import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import worker from '../../worker/index';
import { WEBHOOK_SCAN_CRON } from '../../worker/jobs/scheduled';
import { as, json, type Session } from '../support/client';
import { eventually } from '../support/eventually';

export const fakeBase = () => (env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL;
export const hookKey = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
/** The test receiver's address for `key` (tests/fakes/webhook-receiver.ts). */
export const receiverUrl = (key: string) => `${fakeBase()}/hooks/${key}`;

export interface Received {
  headers: Record<string, string>;
  body: string;
}

export async function received(key: string): Promise<Received[]> {
  return (await (await fetch(`${fakeBase()}/hooks/__received?key=${encodeURIComponent(key)}`)).json()) as Received[];
}

export async function steer(key: string, rule: { status: number; failures?: number; location?: string }): Promise<void> {
  const res = await fetch(`${fakeBase()}/hooks/__steer`, { method: 'POST', body: JSON.stringify({ key, ...rule }) });
  expect(res.status).toBe(204);
}

export async function register(me: Session, key: string, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await as(me, '/api/v1/webhooks', { method: 'POST', json: { url: receiverUrl(key), events } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
}

/** The per-minute cron, as Cloudflare runs it: the real Worker's scheduled handler on the real queue. */
export async function runScanCron(): Promise<void> {
  await worker.scheduled!({ cron: WEBHOOK_SCAN_CRON, scheduledTime: Date.now(), noRetry() {} }, env as never);
}

/** Waits until the receiver has `count` requests for `key` matching `match`. */
export function receivedWhere(key: string, match: (body: any) => boolean, what: string, count = 1) {
  return eventually(
    async () => (await received(key)).filter((r) => match(JSON.parse(r.body))),
    (list) => list.length >= count,
    what,
    { timeoutMs: 15_000, everyMs: 100 },
  );
}

export async function deliveryOf(me: Session, endpointId: string, deliveryId: string): Promise<any> {
  return (await json(await as(me, `/api/v1/webhooks/${endpointId}/deliveries/${deliveryId}`))).data;
}

export function deliverySettles(me: Session, endpointId: string, deliveryId: string, status: 'succeeded' | 'failed') {
  return eventually(
    () => deliveryOf(me, endpointId, deliveryId),
    (d) => d.status === status,
    `delivery ${deliveryId} ${status}`,
    {
      timeoutMs: 15_000,
      everyMs: 100,
    },
  );
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The receiver's check, as the README shows it: some v1 is the HMAC-SHA256 of "t.body" with the secret. */
export async function signedWith(secret: string, header: string, body: string): Promise<boolean> {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${t}.${body}`)));
  return parts.some(([k, v]) => k === 'v1' && v === expected);
}
