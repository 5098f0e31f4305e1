import { z } from '@hono/zod-openapi';
import { WEBHOOK_DELIVERY_STATUSES } from '../../db/schema/webhooks';
import { TEST_EVENT, WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-events';

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).openapi('WebhookEventType');

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(webhookEventTypeSchema),
    enabled: z.boolean(),
    previous_secret_until: z
      .string()
      .nullable()
      .describe('After a rotation: until when the previous secret still signs beside the new one (both v1 signatures are sent)'),
    created_at: z.string(),
    updated_at: z.string(),
    created_by_token_id: z
      .string()
      .nullable()
      .describe(
        'The access token that registered it: revoking that token (or ending every way in) removes it. Null when made in a signed-in browser.',
      ),
  })
  .openapi('WebhookEndpoint');

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('The signing secret, shown this once') })
  .openapi('WebhookEndpointWithSecret');

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event: z.union([webhookEventTypeSchema, z.literal(TEST_EVENT)]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).describe('pending: an attempt is due; failed: every attempt of its round failed'),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('WebhookDelivery');

export const webhookAttemptSchema = z
  .object({
    id: z.string(),
    attempted_at: z.string(),
    request_headers: z.record(z.string(), z.string()),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().describe("The start of the receiver's answer (at most 1 KB)"),
    error: z.string().nullable().describe('Why no answer came, or why it did not count'),
    duration_ms: z.number().int(),
  })
  .openapi('WebhookAttempt');

export const webhookDeliveryDetailSchema = webhookDeliverySchema
  .extend({ body: z.string().describe('The request body every attempt sent'), attempt_log: z.array(webhookAttemptSchema) })
  .openapi('WebhookDeliveryDetail');
