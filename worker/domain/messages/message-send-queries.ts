import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { interactions, messageSends } from '../../db/schema';

// A composer submission's idempotency key (message_sends): claimed before the send, marked
// sent with the interaction it logged, freed if the send failed.

/** Claims the key for this send; gives the key if claimed, nothing if it was claimed before. */
export async function claimSendKey(db: Db, send: { userId: string; key: string; contactId: string; channel: string }) {
  return db
    .insert(messageSends)
    .values({
      userId: send.userId,
      idempotencyKey: send.key,
      contactId: send.contactId,
      channel: send.channel,
      status: 'sending',
      createdAt: nowIso(),
    })
    .onConflictDoNothing()
    .returning({ key: messageSends.idempotencyKey });
}

export async function releaseSendKey(db: Db, userId: string, key: string) {
  await db.delete(messageSends).where(and(eq(messageSends.userId, userId), eq(messageSends.idempotencyKey, key)));
}

export async function markSendSent(db: Db, userId: string, key: string, interactionId: string) {
  await db
    .update(messageSends)
    .set({ status: 'sent', interactionId })
    .where(and(eq(messageSends.userId, userId), eq(messageSends.idempotencyKey, key)));
}

/** The send that claimed the key, with the interaction it logged once sent. */
export async function sendOfKey(db: Db, userId: string, key: string) {
  return db
    .select({ status: messageSends.status, interaction: interactions })
    .from(messageSends)
    .leftJoin(interactions, and(eq(interactions.userId, userId), eq(interactions.id, messageSends.interactionId)))
    .where(and(eq(messageSends.userId, userId), eq(messageSends.idempotencyKey, key)))
    .get();
}
