import { encryptNotification } from '@block65/webcrypto-web-push';
import type { Settings } from '../../env';
import { webhookUrlRefusal } from '../webhooks/webhook-address';
import type { PushSubscriptionRow } from './push-subscription-queries';
import { vapidAuthorization, type Vapid } from './vapid';

/** What a notification says and opens (the service worker shows it: service-worker/sw.ts). */
export interface PushNotice {
  title: string;
  body: string;
  /** The page a tap opens, on Kith's origin. */
  url: string;
  /** One notice per tag on the device: a newer one replaces it. */
  tag: string;
}

export type PushOutcome = 'sent' | 'gone' | 'retry';

const TIMEOUT_MS = 10_000;
/** A day: a reminder that could not reach a phone switched off all day is stale. */
const TTL_SECONDS = 24 * 3600;

/**
 * One Web Push message (RFC 8030) to one device: the notice as JSON, encrypted to the device's
 * keys (RFC 8291, aes128gcm, padded to a constant size) and signed with VAPID (RFC 8292).
 * `gone` when the push service says the subscription no longer exists (404, 410): the caller
 * drops it. `retry` for anything else that is not a 2xx (a 429, a 5xx, no answer).
 */
export async function sendPush(
  settings: Pick<Settings, 'ALLOWED_PRIVATE_HOSTS' | 'DNS_OVER_HTTPS_URL'> & { VAPID: Vapid },
  subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  notice: PushNotice,
): Promise<PushOutcome> {
  const endpoint = new URL(subscription.endpoint);
  // The address rules again at sending: a name may have moved to a private address since.
  if (await webhookUrlRefusal(endpoint, settings)) return 'gone';
  const body = await encryptNotification(
    { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    new TextEncoder().encode(JSON.stringify(notice)),
  );
  try {
    const response = await fetch(endpoint.toString(), {
      method: 'POST',
      headers: {
        authorization: await vapidAuthorization(settings.VAPID, endpoint),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(TTL_SECONDS),
        urgency: 'normal',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.status >= 200 && response.status < 300 ? 'sent' : 'retry';
  } catch {
    return 'retry';
  }
}
