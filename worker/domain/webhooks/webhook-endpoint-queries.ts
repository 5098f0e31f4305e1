import { and, asc, count, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserStore } from '../../db/stores';
import { reminders, webhookEndpoints, type WebhookEndpointRow } from '../../db/schema';

// The reads and writes of webhook endpoints; each names the user first (webhook_endpoints_user).

export const endpointsPage = (store: UserStore, limit: number, offset: number) =>
  store.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, store.userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .limit(limit)
    .offset(offset);

export async function endpointCount(store: UserStore): Promise<number> {
  const [row] = await store.db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, store.userId));
  return row?.n ?? 0;
}

export async function findEndpoint(store: UserStore, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await store.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, store.userId), eq(webhookEndpoints.id, id)));
  return row;
}

/** The user's enabled endpoints (at most WEBHOOK_ENDPOINT_LIMIT). */
export const enabledEndpoints = (store: UserStore) =>
  store.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, store.userId), eq(webhookEndpoints.enabled, true)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));

export async function insertEndpoint(store: UserStore, row: WebhookEndpointRow): Promise<void> {
  await store.db.insert(webhookEndpoints).values(row);
}

export async function updateEndpoint(
  store: UserStore,
  id: string,
  changes: Partial<WebhookEndpointRow>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await store.db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.userId, store.userId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpointRow(store: UserStore, id: string): Promise<boolean> {
  const rows = await store.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, store.userId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Removes the endpoints registered by the tokens `tokenIds` ('any': by any token, as when every
 * token ends); gives how many. The user's index narrows to at most WEBHOOK_ENDPOINT_LIMIT rows.
 */
export async function deleteEndpointsMadeBy(store: UserStore, tokenIds: readonly string[] | 'any'): Promise<number> {
  if (tokenIds !== 'any' && tokenIds.length === 0) return 0;
  const madeBy =
    tokenIds === 'any' ? isNotNull(webhookEndpoints.createdByTokenId) : inArray(webhookEndpoints.createdByTokenId, [...tokenIds]);
  const rows = await store.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, store.userId), madeBy))
    .returning({ id: webhookEndpoints.id });
  return rows.length;
}

/** The highest seq of the user's change log, and its time: where a new endpoint starts reading. */
export async function changeLogEnd(store: UserStore): Promise<{ seq: number; at: string | null }> {
  const row = await store.d1
    .prepare('SELECT seq, changed_at AS at FROM contact_changes WHERE user_id = ?1 ORDER BY seq DESC LIMIT 1')
    .bind(store.userId)
    .first<{ seq: number; at: string }>();
  return row ?? { seq: 0, at: null };
}

/** Moves an endpoint's change-log cursor forward (never back: two scans may race). */
export const advanceCursorStatement = (store: UserStore, id: string, seq: number, at: string) =>
  sql`UPDATE webhook_endpoints SET change_cursor = ${seq}, change_cursor_at = ${at}
      WHERE user_id = ${store.userId} AND id = ${id} AND change_cursor < ${seq}`;

/** Records that the endpoint's due reminders were announced through `date`, as of `at`. */
export const remindersThroughStatement = (store: UserStore, id: string, date: string, at: string) =>
  sql`UPDATE webhook_endpoints SET reminders_through = ${date}, reminders_scanned_at = ${at} WHERE user_id = ${store.userId} AND id = ${id}`;

/**
 * Per database: the next users after `after` with an enabled endpoint that has contact changes
 * or reminders to look at (the per-minute scan's fan-out). The change log's seq index answers
 * the first part per endpoint.
 */
export async function usersWithWebhookWork(db: Db, after: string, limit: number): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT DISTINCT e.user_id AS id FROM webhook_endpoints e
        WHERE e.enabled = 1 AND e.user_id > ?1
          AND ((e.events LIKE '%"contact.%' AND EXISTS (SELECT 1 FROM contact_changes c WHERE c.user_id = e.user_id AND c.seq > e.change_cursor AND c.kind = 'contact'))
               OR (e.events LIKE '%"reminder.due"%' AND EXISTS (SELECT 1 FROM reminders r
                     WHERE r.user_id = e.user_id AND r.status IN ('pending', 'snoozed') AND r.due_on <= date('now', '+14 hours')
                       AND (r.due_on > coalesce(e.reminders_through, '') OR r.created_at > coalesce(e.reminders_scanned_at, '')))))
        ORDER BY e.user_id LIMIT ?2`,
    )
    .bind(after, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * The user's open reminders due by `today` (a local date) not yet announced: due after
 * `after`, or added since `scannedAt`. At most `limit`.
 */
export const remindersDueBetween = (store: UserStore, after: string, scannedAt: string, today: string, limit: number) =>
  store.db
    .select()
    .from(reminders)
    .where(
      and(
        eq(reminders.userId, store.userId),
        inArray(reminders.status, ['pending', 'snoozed']),
        lte(reminders.dueOn, today),
        or(gt(reminders.dueOn, after), gt(reminders.createdAt, scannedAt)),
      ),
    )
    .orderBy(asc(reminders.dueOn), asc(reminders.id))
    .limit(limit);
