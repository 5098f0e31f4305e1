import type { WebhookAttemptRow, WebhookEndpointRow } from '../../db/schema';
import type { WebhookEventType } from './webhook-events';

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  /** Until when the secret before the last rotation still signs too; null when it does not. */
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
  /** The access token that registered it, which it dies with; null when made in a signed-in browser. */
  created_by_token_id: string | null;
}

export const toEndpointView = (row: WebhookEndpointRow, now = new Date().toISOString()): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events) as WebhookEventType[],
  enabled: row.enabled,
  previous_secret_until: row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil : null,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  created_by_token_id: row.createdByTokenId,
});

export interface WebhookAttemptView {
  id: string;
  attempted_at: string;
  request_headers: Record<string, string>;
  response_status: number | null;
  /** The start of the receiver's answer (at most 1 KB). */
  response_body: string | null;
  error: string | null;
  duration_ms: number;
}

export const toAttemptView = (row: WebhookAttemptRow): WebhookAttemptView => ({
  id: row.id,
  attempted_at: row.attemptedAt,
  request_headers: JSON.parse(row.requestHeaders) as Record<string, string>,
  response_status: row.responseStatus,
  response_body: row.responseBody,
  error: row.error,
  duration_ms: row.durationMs,
});
