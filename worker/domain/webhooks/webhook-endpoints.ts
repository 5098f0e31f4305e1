import { newId, nowIso, randomSecret } from '../../db/columns';
import type { WebhookEndpointRow } from '../../db/schema';
import type { UserStore } from '../../db/stores';
import type { Settings } from '../../env';
import { localDate } from '../keep-in-touch/calendar-dates';
import { AppError, notFound } from '../errors';
import { encryptSecret } from '../secrets/stored-secret';
import { notConfigured } from '../settings/not-configured';
import { webhookUrlRefusal } from './webhook-address';
import {
  changeLogEnd,
  deleteEndpointRow,
  endpointCount,
  endpointsPage,
  findEndpoint,
  insertEndpoint,
  updateEndpoint,
} from './webhook-endpoint-queries';
import { CONTACT_EVENT_TYPES } from './webhook-events';
import { WEBHOOK_ENDPOINT_LIMIT, type CreateWebhookInput, type UpdateWebhookInput } from './webhook-input';
import { toEndpointView, type WebhookEndpointView } from './webhook-view';

/** How long the secret before a rotation keeps signing: time to put the new one in the receiver. */
export const ROTATION_OVERLAP_HOURS = 24;

type WebhookSettings = Pick<Settings, 'ALLOWED_PRIVATE_HOSTS' | 'DNS_OVER_HTTPS_URL' | 'ENCRYPTION_KEY'>;

const newSecret = () => `whsec_${randomSecret(24)}`;

async function checkedUrl(settings: WebhookSettings, value: string): Promise<string> {
  const url = new URL(value);
  const refusal = await webhookUrlRefusal(url, settings);
  if (refusal) throw new AppError('not_processable', refusal, { issues: [{ path: 'url', message: refusal }] });
  return url.toString();
}

export async function listWebhooks(
  store: UserStore,
  page: number,
  pageSize: number,
): Promise<{ items: WebhookEndpointView[]; total: number }> {
  const [rows, total] = await Promise.all([endpointsPage(store, pageSize, (page - 1) * pageSize), endpointCount(store)]);
  return { items: rows.map((row) => toEndpointView(row)), total };
}

export async function getWebhook(store: UserStore, id: string): Promise<WebhookEndpointView> {
  const row = await findEndpoint(store, id);
  if (!row) throw notFound('Webhook');
  return toEndpointView(row);
}

/**
 * A new endpoint, with its signing secret (shown once). It hears what happens from now on:
 * it starts at the end of the change log and at today's reminders.
 */
export async function createWebhook(
  store: UserStore,
  settings: WebhookSettings,
  timeZone: string,
  input: CreateWebhookInput,
  createdByTokenId: string | null = null,
): Promise<WebhookEndpointView & { secret: string }> {
  // The secret is sealed with ENCRYPTION_KEY: without it, say webhooks are off, not "other accounts".
  if (!settings.ENCRYPTION_KEY) throw notConfigured('Webhooks', ['ENCRYPTION_KEY']);
  if ((await endpointCount(store)) >= WEBHOOK_ENDPOINT_LIMIT) {
    throw new AppError('not_processable', `An account may have at most ${WEBHOOK_ENDPOINT_LIMIT} webhooks`);
  }
  const url = await checkedUrl(settings, input.url);
  const secret = newSecret();
  const now = nowIso();
  const end = await changeLogEnd(store);
  const row: WebhookEndpointRow = {
    id: newId(),
    userId: store.userId,
    url,
    description: input.description || null,
    events: JSON.stringify(input.events),
    enabled: input.enabled ?? true,
    secretSealed: await encryptSecret(settings.ENCRYPTION_KEY, secret),
    previousSecretSealed: null,
    previousSecretUntil: null,
    changeCursor: end.seq,
    changeCursorAt: now,
    remindersThrough: localDate(new Date(), timeZone),
    remindersScannedAt: now,
    createdAt: now,
    updatedAt: now,
    createdByTokenId,
  };
  await insertEndpoint(store, row);
  return { ...toEndpointView(row), secret };
}

export async function updateWebhook(
  store: UserStore,
  settings: WebhookSettings,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointView> {
  const row = await findEndpoint(store, id);
  if (!row) throw notFound('Webhook');
  const changes: Partial<WebhookEndpointRow> = { updatedAt: nowIso() };
  if (input.url !== undefined) changes.url = await checkedUrl(settings, input.url);
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  if (input.events !== undefined) {
    changes.events = JSON.stringify(input.events);
    // Contact events newly asked for start now, not with every change the log still holds.
    const before = new Set(JSON.parse(row.events) as string[]);
    if (!CONTACT_EVENT_TYPES.some((type) => before.has(type)) && input.events.some((type) => CONTACT_EVENT_TYPES.includes(type))) {
      const end = await changeLogEnd(store);
      changes.changeCursor = end.seq;
      changes.changeCursorAt = changes.updatedAt;
    }
  }
  const updated = await updateEndpoint(store, id, changes);
  if (!updated) throw notFound('Webhook');
  return toEndpointView(updated);
}

export async function deleteWebhook(store: UserStore, id: string): Promise<void> {
  if (!(await deleteEndpointRow(store, id))) throw notFound('Webhook');
}

/**
 * A new signing secret, shown once. The one it replaces keeps signing beside it for
 * ROTATION_OVERLAP_HOURS (each delivery carries both signatures), so the receiver can be
 * given the new one without refusing a delivery meanwhile.
 */
export async function rotateWebhookSecret(
  store: UserStore,
  settings: WebhookSettings,
  id: string,
): Promise<WebhookEndpointView & { secret: string }> {
  const row = await findEndpoint(store, id);
  if (!row) throw notFound('Webhook');
  const secret = newSecret();
  const now = new Date();
  const updated = await updateEndpoint(store, id, {
    secretSealed: await encryptSecret(settings.ENCRYPTION_KEY, secret),
    previousSecretSealed: row.secretSealed,
    previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3_600_000).toISOString(),
    updatedAt: now.toISOString(),
  });
  if (!updated) throw notFound('Webhook');
  return { ...toEndpointView(updated), secret };
}
