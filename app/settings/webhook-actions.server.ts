import { json } from '@remix-run/cloudflare';
import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { createWebhookCommand, updateWebhookCommand } from '../../worker/domain/webhooks/webhook-commands';
import { redeliver, sendTestDelivery } from '../../worker/domain/webhooks/webhook-deliveries';
import { deleteWebhook, rotateWebhookSecret } from '../../worker/domain/webhooks/webhook-endpoints';
import { runCommandForm } from '../http/command-form.server';

/** The intents of Settings → Webhooks. */
export const WEBHOOK_INTENTS = [
  'webhook-create',
  'webhook-toggle',
  'webhook-delete',
  'webhook-rotate',
  'webhook-test',
  'webhook-redeliver',
] as const;
export const isWebhookIntent = (intent: string): intent is (typeof WEBHOOK_INTENTS)[number] =>
  (WEBHOOK_INTENTS as readonly string[]).includes(intent);

export interface WebhookActionData {
  intent: string;
  ok: boolean;
  error: string | null;
  message?: string;
  /** A new or rotated secret, shown once. */
  secret?: { endpointId: string; url: string; value: string };
}

const NAMES = { url: 'The address', events: 'Events', description: 'Description' };

/** Settings → Webhooks: the same domain calls as /api/v1/webhooks. */
export async function handleWebhookAction(form: FormData, user: PublicUser, deps: Deps) {
  const intent = String(form.get('intent'));
  const id = String(form.get('id') ?? '');
  const done = (extra: Partial<WebhookActionData> = {}, status = 200) =>
    json<WebhookActionData>({ intent, ok: status < 400, error: null, ...extra }, { status });
  const { store, jobs } = deps;
  try {
    switch (intent) {
      case 'webhook-create': {
        const fields = {
          url: String(form.get('url') ?? ''),
          events: form.getAll('events').map(String),
          ...(form.get('description') ? { description: String(form.get('description')) } : {}),
        };
        const saved = await runCommandForm(createWebhookCommand, { deps, user }, fields, NAMES);
        if (!saved.ok) return done({ error: saved.error }, 400);
        const { id: endpointId, url, secret } = saved.result;
        return done({ secret: { endpointId, url, value: secret }, message: 'Webhook added.' });
      }
      case 'webhook-toggle': {
        const enabled = form.get('enabled') === 'true';
        await updateWebhookCommand.run({ deps, user, id }, { enabled });
        return done({ message: enabled ? 'Webhook turned on.' : 'Webhook turned off: nothing is sent to it.' });
      }
      case 'webhook-delete':
        await deleteWebhook(store, id);
        return done({ message: 'Webhook deleted with its delivery log.' });
      case 'webhook-rotate': {
        const rotated = await rotateWebhookSecret(store, deps.settings, id);
        return done({
          secret: { endpointId: rotated.id, url: rotated.url, value: rotated.secret },
          message: 'New secret made. The old one keeps signing beside it for 24 hours.',
        });
      }
      case 'webhook-test':
        await sendTestDelivery(store, jobs, id);
        return done({ message: 'Test delivery queued: it appears in the delivery log below in a moment.' });
      default:
        await redeliver(store, jobs, id, String(form.get('delivery_id') ?? ''));
        return done({ message: 'Sending it again.' });
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return done({ error: error.message }, error.status);
    throw error;
  }
}
