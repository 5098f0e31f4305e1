import { and, asc, desc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keepInTouchSettings, pushSubscriptions } from '../../db/schema';
import type { UserStore } from '../../db/stores';

// The user's devices with notifications on (migrations/0050), on the user's own database.

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A device subscribing again (a new key after the browser rotated it) replaces its row. */
export async function upsertPushSubscription(store: UserStore, row: PushSubscriptionRow): Promise<PushSubscriptionRow> {
  return (await store.db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: row.p256dh, auth: row.auth, device: row.device },
    })
    .returning()
    .get())!;
}

/** The devices, newest first; `limit` bounds the list (a user has a handful). */
export function pushSubscriptionsOf(store: UserStore, limit: number) {
  return store.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, store.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(limit)
    .all();
}

export const countPushSubscriptions = async (store: UserStore) => (await pushSubscriptionsOf(store, 1000)).length;

export function deletePushSubscription(store: UserStore, id: string) {
  return store.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, store.userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id })
    .all();
}

/** Every device of the user (a way in ends): answers how many. */
export async function endPushSubscriptions(store: UserStore): Promise<number> {
  const rows = await store.db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, store.userId))
    .returning({ id: pushSubscriptions.id })
    .all();
  return rows.length;
}

/** The devices not yet notified on the user's local date `today`. */
export function subscriptionsToNotify(store: UserStore, today: string) {
  return store.db
    .select()
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, store.userId), or(isNull(pushSubscriptions.notifiedOn), ne(pushSubscriptions.notifiedOn, today))),
    )
    .orderBy(asc(pushSubscriptions.createdAt))
    .limit(100)
    .all();
}

export function markNotified(store: UserStore, id: string, today: string, at: string) {
  return store.db
    .update(pushSubscriptions)
    .set({ notifiedOn: today, lastSentAt: at })
    .where(and(eq(pushSubscriptions.userId, store.userId), eq(pushSubscriptions.id, id)));
}

/** The users with a device (for the cron's fan-out), a page at a time. */
export async function usersWithPushAfter(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(gt(pushSubscriptions.userId, after))
    .orderBy(asc(pushSubscriptions.userId))
    .limit(limit)
    .all();
  return rows.map((r) => r.userId);
}

/** The local hour reminders are pushed at (9 until the user chooses). */
export async function pushHourOf(store: UserStore): Promise<number> {
  const row = await store.db
    .select({ pushHour: keepInTouchSettings.pushHour })
    .from(keepInTouchSettings)
    .where(eq(keepInTouchSettings.userId, store.userId))
    .get();
  return row?.pushHour ?? 9;
}

export async function savePushHour(store: UserStore, pushHour: number) {
  await store.db
    .insert(keepInTouchSettings)
    .values({ userId: store.userId, pushHour })
    .onConflictDoUpdate({ target: keepInTouchSettings.userId, set: { pushHour } });
}
