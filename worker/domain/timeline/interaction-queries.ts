import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, interactions, type InteractionRow } from '../../db/schema';
import { ofExistingContact } from '../contacts/contact-delete-queries';
import { shownInteractionOnDb, visibleOnDb } from '../auth/contact-limit-queries';

// A contact's interactions (its timeline) and the contacts they belong to.

/** The user's contact, if there is one of this id. */
export async function findContactId(db: Db, userId: string, contactId: string): Promise<{ id: string } | undefined> {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), visibleOnDb(db, userId, contacts.id)))
    .get();
}

/** Which of these ids (up to 90: D1 binds 100) are the user's contacts. */
export async function contactIdsOfUser(db: Db, userId: string, ids: string[]): Promise<{ id: string }[]> {
  // `+user_id`: EXPLAIN showed a covering walk of all the user's contacts otherwise.
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(sql`+${contacts.userId}`, userId), inArray(contacts.id, ids), visibleOnDb(db, userId, contacts.id)));
}

/** Up to `limit` of the contact's interactions, newest first, after the keyset (occurred_at, id) when given. */
export function timelinePage(db: Db, userId: string, contactId: string, after: [string, string] | null, limit: number) {
  return db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.userId, userId),
        eq(interactions.contactId, contactId),
        shownInteractionOnDb(db, interactions.private),
        after
          ? or(lt(interactions.occurredAt, after[0]), and(eq(interactions.occurredAt, after[0]), lt(interactions.id, after[1])))
          : undefined,
      ),
    )
    .orderBy(desc(interactions.occurredAt), desc(interactions.id))
    .limit(limit);
}

/** Stores one interaction and gives its row. */
export async function insertInteraction(db: Db, row: typeof interactions.$inferInsert): Promise<InteractionRow | undefined> {
  const [inserted] = await db.insert(interactions).values(row).returning();
  return inserted;
}

/**
 * Stores up to 6 interactions (16 columns each, under D1's 100 bound parameters), skipping any
 * whose (source, external_id) is stored already, and gives the rows stored; for a batch.
 */
export const insertNewInteractions = (db: Db, rows: InteractionRow[]) =>
  db.insert(interactions).values(rows).onConflictDoNothing().returning();

/** The user's interaction of this id, unless its contact is gone, or is one the handle may not see, or it is a private note it may not see. */
export async function findInteraction(db: Db, userId: string, id: string): Promise<InteractionRow | undefined> {
  return db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.userId, userId),
        eq(interactions.id, id),
        ofExistingContact,
        shownInteractionOnDb(db, interactions.private),
        visibleOnDb(db, userId, interactions.contactId),
      ),
    )
    .get();
}

/** The user's interaction of this source and external id, unless its contact is gone. */
export async function findInteractionFrom(db: Db, userId: string, source: string, externalId: string): Promise<InteractionRow | undefined> {
  return db
    .select()
    .from(interactions)
    .where(
      and(eq(interactions.userId, userId), eq(interactions.source, source), eq(interactions.externalId, externalId), ofExistingContact),
    )
    .get();
}

/** Writes these fields of the user's interaction and gives its row. */
export async function setInteractionFields(
  db: Db,
  userId: string,
  id: string,
  set: Partial<InteractionRow>,
): Promise<InteractionRow | undefined> {
  const [row] = await db
    .update(interactions)
    .set(set)
    .where(and(eq(interactions.userId, userId), eq(interactions.id, id)))
    .returning();
  return row;
}

/** Deletes the user's interaction, for a batch. */
export const deleteInteractionStatement = (db: Db, userId: string, id: string) =>
  db.delete(interactions).where(and(eq(interactions.userId, userId), eq(interactions.id, id)));
