import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { UserStore } from '../../db/stores';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookAttemptRow } from '../../db/schema';

// The reads and writes of deliveries and their attempts; each names the user first.

/** The newest deliveries kept per endpoint: older finished ones are removed as new ones finish. */
export const DELIVERIES_KEPT = 200;

/**
 * A delivery of each event (fixed body) for each enabled endpoint of the user subscribed to its
 * type, or for the one endpoint `only` whatever it subscribes to (a test delivery), in the
 * events' order: one statement for many events (an import logs thousands). Answers the new
 * rows' ids.
 */
export const insertDeliveriesStatement = (
  store: UserStore,
  events: readonly { id: string; type: string; body: string }[],
  at: string,
  only?: string,
) =>
  sql`INSERT INTO webhook_deliveries (id, user_id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
      SELECT lower(hex(randomblob(16))), e.user_id, e.id, j.value ->> 0, j.value ->> 1, j.value ->> 2, 'pending', ${at}, ${at}, ${at}
        FROM json_each(${JSON.stringify(events.map((event) => [event.id, event.type, event.body]))}) AS j
        CROSS JOIN webhook_endpoints AS e
       WHERE e.user_id = ${store.userId}
         AND ${only ? sql`e.id = ${only}` : sql`e.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = j.value ->> 1)`}
      RETURNING id`;

/** The delivery with what its attempt needs of its endpoint. */
export async function deliveryToAttempt(store: UserStore, id: string) {
  const [row] = await store.db
    .select({
      delivery: webhookDeliveries,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.userId, store.userId)))
    .where(and(eq(webhookDeliveries.userId, store.userId), eq(webhookDeliveries.id, id)));
  return row;
}

/** Takes attempt number `round` of a pending delivery: false when another message took it already. */
export async function claimAttempt(store: UserStore, id: string, round: number, at: string): Promise<boolean> {
  const rows = await store.db
    .update(webhookDeliveries)
    .set({ roundAttempts: round + 1, attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: null, updatedAt: at })
    .where(
      and(
        eq(webhookDeliveries.userId, store.userId),
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.roundAttempts, round),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export const insertAttemptStatement = (store: UserStore, row: WebhookAttemptRow) => store.db.insert(webhookAttempts).values(row);

export const settleDeliveryStatement = (
  store: UserStore,
  id: string,
  outcome: { status: 'pending' | 'succeeded' | 'failed'; statusCode: number | null; nextAttemptAt: string | null; at: string },
) =>
  store.db
    .update(webhookDeliveries)
    .set({ status: outcome.status, lastStatusCode: outcome.statusCode, nextAttemptAt: outcome.nextAttemptAt, updatedAt: outcome.at })
    .where(and(eq(webhookDeliveries.userId, store.userId), eq(webhookDeliveries.id, id)));

/** Removes the endpoint's finished deliveries past the newest DELIVERIES_KEPT (their attempts go with them). */
export const pruneDeliveriesStatement = (store: UserStore, endpointId: string) =>
  sql`DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE user_id = ${store.userId} AND endpoint_id = ${endpointId}
         ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ${DELIVERIES_KEPT})
      AND status <> 'pending'`;

export const deliveriesPage = (store: UserStore, endpointId: string, limit: number, offset: number) =>
  store.db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      createdAt: webhookDeliveries.createdAt,
      updatedAt: webhookDeliveries.updatedAt,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, store.userId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .offset(offset);

export async function deliveryCount(store: UserStore, endpointId: string): Promise<number> {
  const [row] = await store.db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, store.userId), eq(webhookDeliveries.endpointId, endpointId)));
  return row?.n ?? 0;
}

export async function findDelivery(store: UserStore, endpointId: string, id: string) {
  const [row] = await store.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, store.userId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

export const attemptsOf = (store: UserStore, deliveryId: string) =>
  store.db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.userId, store.userId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(desc(webhookAttempts.attemptedAt))
    .limit(50);

/** A failed (or succeeded) delivery starts a new round of attempts: Redeliver. */
export async function reopenDelivery(store: UserStore, endpointId: string, id: string, at: string): Promise<boolean> {
  const rows = await store.db
    .update(webhookDeliveries)
    .set({ status: 'pending', roundAttempts: 0, nextAttemptAt: at, updatedAt: at })
    .where(
      and(
        eq(webhookDeliveries.userId, store.userId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}
