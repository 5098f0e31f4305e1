import { z } from 'zod';
import { newId, nowIso } from '../../db/columns';
import type { UserStore } from '../../db/stores';
import type { Settings } from '../../env';
import { command, type SignedIn } from '../command';
import { AppError, notFound } from '../errors';
import { singleLineText } from '../text-input';
import { webhookUrlRefusal } from '../webhooks/webhook-address';
import { PUSH_LIMITS } from './push-limits';
import { deletePushSubscription, pushHourOf, pushSubscriptionsOf, savePushHour, upsertPushSubscription } from './push-subscription-queries';
import { fromBase64Url } from './vapid';

// A device's notifications (issue 43, ADR 034): what the browser's PushManager.subscribe() gave,
// kept per device, listed and removable in Settings.

export interface PushDeviceView {
  id: string;
  /** How the device described itself when it subscribed ("Chrome on Android"). */
  device: string;
  created_at: string;
  last_sent_at: string | null;
}

export interface PushSettingsView {
  /** Whether this server can send notifications (VAPID_* set); off, Settings says so. */
  available: boolean;
  /** The key a browser subscribes with (applicationServerKey), when available. */
  public_key: string | null;
  /** The local hour (0-23, the account's time zone) due reminders arrive at. */
  hour: number;
  devices: PushDeviceView[];
}

const base64UrlKey = (bytes: number, what: string) =>
  z.string().refine((v) => fromBase64Url(v)?.length === bytes, `must be the browser's ${what} (${bytes} bytes, base64url)`);

export const subscribeInput = z
  .object({
    endpoint: z.string().max(PUSH_LIMITS.endpointMax, `must be at most ${PUSH_LIMITS.endpointMax} characters`).url(),
    keys: z.object({ p256dh: base64UrlKey(65, 'P-256 public key'), auth: base64UrlKey(16, 'auth secret') }).strict(),
    device: singleLineText(PUSH_LIMITS.deviceMax).trim().min(1, 'is required'),
  })
  .strict();

export const pushHourInput = z.object({ hour: z.number().int().min(0, 'must be 0 to 23').max(23, 'must be 0 to 23') }).strict();

const viewOf = (row: { id: string; device: string; createdAt: string; lastSentAt: string | null }): PushDeviceView => ({
  id: row.id,
  device: row.device,
  created_at: row.createdAt,
  last_sent_at: row.lastSentAt,
});

export async function pushSettings(store: UserStore, settings: Settings): Promise<PushSettingsView> {
  const [rows, hour] = await Promise.all([pushSubscriptionsOf(store, PUSH_LIMITS.devicesMax), pushHourOf(store)]);
  return { available: Boolean(settings.VAPID), public_key: settings.VAPID?.publicKey ?? null, hour, devices: rows.map(viewOf) };
}

/**
 * Turns notifications on for one device. The endpoint is where Kith will POST: it passes the
 * webhooks' address rules (https, public, ADR 030), or Kith would send requests anywhere a caller
 * names.
 */
export const subscribePush = command(subscribeInput, async ({ deps }: SignedIn, input): Promise<PushDeviceView> => {
  if (!deps.settings.VAPID) throw new AppError('not_configured', "Notifications aren't set up on this server yet");
  const refusal = await webhookUrlRefusal(new URL(input.endpoint), deps.settings);
  if (refusal) throw new AppError('invalid_request', `endpoint: ${refusal}`);
  const existing = await pushSubscriptionsOf(deps.store, PUSH_LIMITS.devicesMax + 1);
  if (existing.length >= PUSH_LIMITS.devicesMax && !existing.some((s) => s.endpoint === input.endpoint)) {
    throw new AppError('conflict', `You have notifications on ${PUSH_LIMITS.devicesMax} devices; remove one you no longer use first`);
  }
  const row = await upsertPushSubscription(deps.store, {
    id: newId(),
    userId: deps.store.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: input.device,
    createdAt: nowIso(),
    notifiedOn: null,
    lastSentAt: null,
  });
  return viewOf(row);
});

export const setPushHour = command(pushHourInput, async ({ deps }: SignedIn, { hour }) => {
  await savePushHour(deps.store, hour);
  return pushSettings(deps.store, deps.settings);
});

/** Turns notifications off for one device. */
export async function removePushDevice(store: UserStore, id: string): Promise<void> {
  if ((await deletePushSubscription(store, id)).length === 0) throw notFound('Device');
}
