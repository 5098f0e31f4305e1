// Webhooks: endpoints, their deliveries and each delivery's attempts (migrations/0046,
// docs/decisions/030).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    /** A JSON array of event types. */
    events: text('events').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: text('previous_secret_until'),
    changeCursor: integer('change_cursor').notNull().default(0),
    changeCursorAt: text('change_cursor_at').notNull(),
    remindersThrough: text('reminders_through'),
    remindersScannedAt: text('reminders_scanned_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** The access token that registered it (it dies with it, migration 0064); null when made in a session. */
    createdByTokenId: text('created_by_token_id'),
  },
  (t) => [index('webhook_endpoints_user').on(t.userId, t.createdAt, t.id)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    roundAttempts: integer('round_attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.userId, t.endpointId, t.createdAt, t.id)],
);

export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    deliveryId: text('delivery_id').notNull(),
    requestHeaders: text('request_headers').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: text('attempted_at').notNull(),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.attemptedAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
