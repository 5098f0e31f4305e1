import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramPeers } from '../../db/schema';

// telegram_peers: which contact each Telegram user is, how far the sync has read their chat,
// their last bio seen, and whether the user messaged them directly.

/** The peer a sync linked to the user's contact, if any. */
export async function peerOfContact(db: Db, userId: string, contactId: string): Promise<{ peerId: string } | undefined> {
  return db
    .select({ peerId: telegramPeers.peerId })
    .from(telegramPeers)
    .where(and(eq(telegramPeers.userId, userId), eq(telegramPeers.contactId, contactId)))
    .get();
}

/** The contacts of these peers (up to 90 ids: D1 binds 100). */
export async function contactsOfPeers(db: Db, userId: string, peerIds: string[]): Promise<{ peerId: string; contactId: string }[]> {
  return db
    .select({ peerId: telegramPeers.peerId, contactId: telegramPeers.contactId })
    .from(telegramPeers)
    .where(and(eq(telegramPeers.userId, userId), inArray(telegramPeers.peerId, peerIds)));
}

/** Where the sync stands with these peers (up to 90 ids): last message read, last bio, contact. */
export async function peerStates(
  db: Db,
  userId: string,
  peerIds: string[],
): Promise<{ peerId: string; lastMessageId: number; bio: string | null; contactId: string }[]> {
  return db
    .select({
      peerId: telegramPeers.peerId,
      lastMessageId: telegramPeers.lastMessageId,
      bio: telegramPeers.bio,
      contactId: telegramPeers.contactId,
    })
    .from(telegramPeers)
    .where(and(eq(telegramPeers.userId, userId), inArray(telegramPeers.peerId, peerIds)));
}

/** Links up to 15 peers to their contacts (6 columns a row, under D1's 100 bound parameters), unless linked already. */
export async function insertPeersIfNew(db: Db, rows: (typeof telegramPeers.$inferInsert)[]): Promise<void> {
  await db.insert(telegramPeers).values(rows).onConflictDoNothing();
}

/** Marks the peers of these contacts (up to 90) as messaged directly, for a batch. */
export const markPeersMessaged = (db: Db, userId: string, contactIds: string[], now: string) =>
  db
    .update(telegramPeers)
    .set({ messagedDirectly: true, updatedAt: now })
    .where(and(eq(telegramPeers.userId, userId), inArray(telegramPeers.contactId, contactIds), sql`${telegramPeers.messagedDirectly} = 0`));

/** Records the last message the sync read in the peer's chat, for a batch. */
export const setPeerLastMessage = (db: Db, userId: string, peerId: string, lastMessageId: number, now: string) =>
  db
    .update(telegramPeers)
    .set({ lastMessageId, updatedAt: now })
    .where(and(eq(telegramPeers.userId, userId), eq(telegramPeers.peerId, peerId)));

/** Records the peer's bio as last seen, for a batch. */
export const setPeerBio = (db: Db, userId: string, peerId: string, bio: string, now: string) =>
  db
    .update(telegramPeers)
    .set({ bio, updatedAt: now })
    .where(and(eq(telegramPeers.userId, userId), eq(telegramPeers.peerId, peerId)));
