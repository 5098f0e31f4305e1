import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, interactions, lifeEventReading, lifeEvents, type LifeEventReadingRow } from '../../db/schema';
import { PRIVATE_TAG } from '../auth/contact-limit';

// The reads and writes of reading messages for life events (migrations/0058, ADR 043): the
// user's switch, cursor and daily calls (life_event_reading), and the messages stored after
// the cursor, in the order they were stored (interactions_created).

export const readingOf = (db: Db, userId: string): Promise<LifeEventReadingRow | undefined> =>
  db.select().from(lifeEventReading).where(eq(lifeEventReading.userId, userId)).get();

/** The user's reading row, made when missing with its cursor at `cursorAt`. */
export const ensureReading = (db: Db, userId: string, cursorAt: string, now: string) =>
  db.insert(lifeEventReading).values({ userId, cursorAt, cursorId: '', calls: 0, updatedAt: now }).onConflictDoNothing();

export const setReadMessages = (db: Db, userId: string, readMessages: boolean, cursorAt: string | undefined, now: string) =>
  db
    .insert(lifeEventReading)
    .values({ userId, readMessages, cursorAt: cursorAt ?? now, cursorId: '', calls: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: lifeEventReading.userId,
      set: { readMessages, updatedAt: now, ...(cursorAt ? { cursorAt, cursorId: '' } : {}) },
    });

/**
 * Moves the cursor and counts the calls, only if the cursor is still where this reader found
 * it: two jobs of the same user never read the same messages. The row when it moved.
 */
export const claimMessages = (
  db: Db,
  userId: string,
  from: { at: string | null; id: string | null },
  to: { at: string; id: string; callsDay: string; calls: number },
  now: string,
) =>
  db
    .update(lifeEventReading)
    .set({ cursorAt: to.at, cursorId: to.id, callsDay: to.callsDay, calls: to.calls, updatedAt: now })
    .where(
      and(
        eq(lifeEventReading.userId, userId),
        sql`${lifeEventReading.cursorAt} IS ${from.at}`,
        sql`${lifeEventReading.cursorId} IS ${from.id}`,
      ),
    )
    .returning({ userId: lifeEventReading.userId });

/** The longest text of a message the reader looks at. */
export const MESSAGE_TEXT_MAX = 4000;

export interface StoredMessage {
  id: string;
  contactId: string;
  kind: string;
  channel: string | null;
  direction: 'in' | 'out' | null;
  subject: string | null;
  body: string | null;
  occurredAt: string;
  createdAt: string;
  /** The contact is tagged "private", or the note is marked private (ADR 044): passed over. */
  private: number;
}

/** The next `limit` messages stored after the cursor, oldest first, with whether they or their contact are private. */
export const messagesAfter = (db: Db, userId: string, at: string, id: string, limit: number): Promise<StoredMessage[]> =>
  db
    .select({
      id: interactions.id,
      contactId: interactions.contactId,
      kind: interactions.kind,
      channel: interactions.channel,
      direction: interactions.direction,
      subject: sql<string | null>`substr(${interactions.subject}, 1, 300)`,
      body: sql<string | null>`substr(${interactions.body}, 1, ${MESSAGE_TEXT_MAX})`,
      occurredAt: interactions.occurredAt,
      createdAt: interactions.createdAt,
      private: sql<number>`${interactions.private} OR ${interactions.contactId} IN (SELECT contact_id FROM contact_tags WHERE user_id = ${userId} AND tag_norm = ${PRIVATE_TAG})`,
    })
    .from(interactions)
    .where(and(eq(interactions.userId, userId), sql`(${interactions.createdAt}, ${interactions.id}) > (${at}, ${id})`))
    .orderBy(interactions.createdAt, interactions.id)
    .limit(limit);

/** The names of these contacts (what the model is told the messages are with). */
export const contactNames = (db: Db, userId: string, ids: string[]) =>
  db
    .select({ id: contacts.id, name: contacts.fullName })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));

/** Events by id with their contact (the ones a reading just wrote, for the webhook). */
export const eventsWithContactById = (db: Db, userId: string, ids: string[]) =>
  db
    .select({ e: lifeEvents, name: contacts.fullName, avatar: contacts.avatarUrl })
    .from(lifeEvents)
    .innerJoin(contacts, and(eq(contacts.id, lifeEvents.contactId), eq(contacts.userId, lifeEvents.userId)))
    .where(and(eq(lifeEvents.userId, userId), inArray(lifeEvents.id, ids)));
