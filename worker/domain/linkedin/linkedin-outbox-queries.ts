import { and, asc, count, eq, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, interactions, linkedinOutbox } from '../../db/schema';
import type { Statement } from '../../db/sql-batch';

// The LinkedIn outbox: messages the composer queued for the browser extension, each with the
// outbound interaction logged for it.

/** The contact's LinkedIn URL, or undefined if the user has no such contact. */
export async function contactLinkedinUrl(db: Db, userId: string, contactId: string) {
  return db
    .select({ linkedinUrl: contacts.linkedinUrl })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .get();
}

/** Logs the queued message's interaction and queues it, in one batch. */
export async function insertQueuedMessage(
  db: Db,
  interaction: typeof interactions.$inferInsert,
  message: typeof linkedinOutbox.$inferInsert,
): Promise<void> {
  await db.batch([db.insert(interactions).values(interaction), db.insert(linkedinOutbox).values(message)]);
}

/**
 * Claims until `leaseUntil` the user's `limit` oldest messages still queued or whose lease ran
 * out before `nowText`, counting an attempt each; gives the rows claimed.
 */
export async function claimOldestMessages(db: Db, userId: string, limit: number, nowText: string, leaseUntil: string) {
  const claimable = and(
    eq(linkedinOutbox.userId, userId),
    // The IN keeps the index range on the user's waiting rows, never their sent history.
    inArray(linkedinOutbox.status, ['queued', 'claimed']),
    or(eq(linkedinOutbox.status, 'queued'), lt(linkedinOutbox.leaseUntil, nowText)),
  );
  const oldest = db
    .select({ id: linkedinOutbox.id })
    .from(linkedinOutbox)
    .where(claimable)
    .orderBy(asc(linkedinOutbox.createdAt), asc(linkedinOutbox.id))
    .limit(limit);
  // One statement: two extensions claiming at once never get the same message.
  return db
    .update(linkedinOutbox)
    .set({ status: 'claimed', leaseUntil, attempts: sql`${linkedinOutbox.attempts} + 1`, updatedAt: nowText })
    .where(and(claimable, inArray(linkedinOutbox.id, oldest)))
    .returning();
}

/** The names and LinkedIn URLs of the user's contacts among `ids`. */
export async function recipientsOf(db: Db, userId: string, ids: string[]) {
  return db
    .select({ id: contacts.id, fullName: contacts.fullName, linkedinUrl: contacts.linkedinUrl })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
}

export async function findOutboxMessage(db: Db, userId: string, outboxId: string) {
  return db
    .select()
    .from(linkedinOutbox)
    .where(and(eq(linkedinOutbox.userId, userId), eq(linkedinOutbox.id, outboxId)))
    .get();
}

/** Marks a claimed message and its interaction sent or failed (with the error), its lease ended. */
export function reportedOutcomeStatements(
  db: Db,
  userId: string,
  message: { id: string; interactionId: string },
  outcome: { status: 'sent' | 'failed'; error: string | null; now: string },
): Statement[] {
  return [
    db
      .update(linkedinOutbox)
      .set({ status: outcome.status, error: outcome.error, leaseUntil: null, updatedAt: outcome.now })
      .where(and(eq(linkedinOutbox.userId, userId), eq(linkedinOutbox.id, message.id))),
    db
      .update(interactions)
      .set({ status: outcome.status, updatedAt: outcome.now })
      .where(and(eq(interactions.userId, userId), eq(interactions.id, message.interactionId))),
  ];
}

export async function findInteraction(db: Db, userId: string, interactionId: string) {
  return db
    .select()
    .from(interactions)
    .where(and(eq(interactions.userId, userId), eq(interactions.id, interactionId)))
    .get();
}

/** How many of the user's messages wait for the extension (queued or claimed). */
export async function countWaitingMessages(db: Db, userId: string) {
  return db
    .select({ n: count() })
    .from(linkedinOutbox)
    .where(and(eq(linkedinOutbox.userId, userId), inArray(linkedinOutbox.status, ['queued', 'claimed'])))
    .get();
}

/** The outbound messages Kith queued (not failed) to these contacts between `from` and `to`. */
export async function queuedMessagesTo(db: Db, userId: string, contactIds: string[], from: string, to: string) {
  return db
    .select({ contactId: interactions.contactId, body: interactions.body, occurredAt: interactions.occurredAt })
    .from(interactions)
    .where(
      and(
        eq(interactions.userId, userId),
        inArray(interactions.contactId, sql`(SELECT value FROM json_each(${JSON.stringify(contactIds)}))`),
        eq(interactions.source, 'linkedin_outbox'),
        ne(sql`coalesce(${interactions.status}, '')`, 'failed'),
        gte(interactions.occurredAt, from),
        lte(interactions.occurredAt, to),
      ),
    );
}
