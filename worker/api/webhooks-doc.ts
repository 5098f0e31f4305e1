import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  TEST_EVENT,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookEvent,
} from '../domain/webhooks/webhook-events';
import { contactSchema } from './schemas/contact';
import { interactionSchema } from './schemas/detail';
import { importViewSchema } from './schemas/import';
import { reminderSchema } from './schemas/keep-in-touch';
import { networkLifeEventSchema } from './schemas/life-events';

/** What each event's `data` holds. */
const DATA: Record<WebhookEvent['type'], z.ZodTypeAny> = {
  'contact.created': z.object({ contact: contactSchema }),
  'contact.updated': z.object({ contact: contactSchema }),
  'contact.merged': z.object({ contact_id: z.string(), merged_into: z.string() }),
  'contact.deleted': z.object({ contact_id: z.string() }),
  'interaction.logged': z.object({ interaction: interactionSchema }),
  'reminder.due': z.object({ reminder: reminderSchema }),
  'import.finished': z.object({ import: importViewSchema }),
  'life_event.found': z.object({ life_event: networkLifeEventSchema }),
  [TEST_EVENT]: z.object({ message: z.string() }),
};

const headers = z.object({
  'kith-event': z.string().openapi({ description: 'The event type, as in the body' }),
  'kith-delivery': z.string().openapi({ description: "The delivery's id (the same on each retry and on Redeliver)" }),
  'kith-signature': z.string().openapi({
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint\'s secret>`; after a rotation a second v1 (the previous secret) for 24 hours. Accept when any v1 matches and t is recent.',
  }),
});

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event, the request Kith POSTs to an
 * endpoint. Any 2xx answer within 10 s is a success; anything else is retried (ADR 030).
 */
export function registerWebhookPayloads(app: Pick<OpenAPIHono, 'openAPIRegistry'>): void {
  for (const type of [...WEBHOOK_EVENT_TYPES, TEST_EVENT] as const) {
    const body = z
      .object({
        id: z.string().openapi({ description: 'The event id (evt_...): the same for every endpoint and retry; use it to ignore a repeat' }),
        type: z.literal(type),
        version: z
          .literal(WEBHOOK_PAYLOAD_VERSION)
          .openapi({ description: "The payload's version: it changes only with an incompatible change" }),
        created_at: z.string(),
        data: DATA[type],
      })
      .openapi(`WebhookEvent_${type.replace('.', '_')}`);
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      summary: type,
      description: WEBHOOK_EVENT_DESCRIPTIONS[type],
      tags: ['Webhooks'],
      request: { headers, body: { content: { 'application/json': { schema: body } } } },
      responses: { 200: { description: 'Any 2xx within 10 s: delivered' } },
    });
  }
}
