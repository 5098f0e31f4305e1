import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/columns';
import { channelConnections, type Channel } from '../../db/schema';

type ConnectionRow = typeof channelConnections.$inferInsert;

/** What saving a connection writes over an existing one. */
export type ConnectionValues = Pick<
  ConnectionRow,
  'status' | 'accountLabel' | 'credentialsEncrypted' | 'syncCursor' | 'lastError' | 'updatedAt'
>;

const userChannel = (userId: string, channel: Channel) =>
  and(eq(channelConnections.userId, userId), eq(channelConnections.channel, channel));

/** The user's channel connections, in no order. */
export function connectionsOfUser(db: Db, userId: string) {
  return db.select().from(channelConnections).where(eq(channelConnections.userId, userId));
}

/** The user's connection of `channel`, if any. */
export function connectionOf(db: Db, userId: string, channel: Channel) {
  return db.select().from(channelConnections).where(userChannel(userId, channel)).get();
}

/** Creates the user's connection of `channel` at `now`, or writes `values` over the one there. */
export function upsertConnection(db: Db, userId: string, channel: Channel, values: ConnectionValues, now: string) {
  return db
    .insert(channelConnections)
    .values({ id: newId(), userId, channel, ...values, createdAt: now })
    .onConflictDoUpdate({ target: [channelConnections.userId, channelConnections.channel], set: values });
}

/** Marks the connection synced (healthy again) at `now` with its new cursor. */
export function markConnectionSynced(db: Db, userId: string, channel: Channel, syncCursor: string | null, now: string) {
  return db
    .update(channelConnections)
    .set({ syncCursor, lastSyncedAt: now, status: 'connected', lastError: null, updatedAt: now })
    .where(userChannel(userId, channel));
}

/** Marks the connection in error with `message`. */
export function markConnectionFailing(db: Db, userId: string, channel: Channel, message: string, now: string) {
  return db.update(channelConnections).set({ status: 'error', lastError: message, updatedAt: now }).where(userChannel(userId, channel));
}

/** Writes `next` credentials over the connection's only if they are still `previous`; gives the id of the row changed, if any. */
export function swapConnectionCredentials(db: Db, userId: string, channel: Channel, previous: string, next: string, now: string) {
  return db
    .update(channelConnections)
    .set({ credentialsEncrypted: next, updatedAt: now })
    .where(
      and(
        eq(channelConnections.userId, userId),
        eq(channelConnections.channel, channel),
        eq(channelConnections.credentialsEncrypted, previous),
      ),
    )
    .returning({ id: channelConnections.id });
}

/** Deletes the user's connection of `channel`; gives the id of the row deleted, if any. */
export function deleteConnection(db: Db, userId: string, channel: Channel) {
  return db.delete(channelConnections).where(userChannel(userId, channel)).returning({ id: channelConnections.id });
}

/** The next `limit` users after `after` (by id) with `channel` connected. */
export function connectedUsersAfter(db: Db, channel: Channel, after: string, limit: number) {
  return db
    .select({ userId: channelConnections.userId })
    .from(channelConnections)
    .where(and(eq(channelConnections.channel, channel), eq(channelConnections.status, 'connected'), gt(channelConnections.userId, after)))
    .orderBy(asc(channelConnections.userId))
    .limit(limit);
}
