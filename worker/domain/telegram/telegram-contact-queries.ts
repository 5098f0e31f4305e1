import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactIdentifiers, contactTags, contacts, interactions } from '../../db/schema';

// What the Telegram channel reads and writes on the user's contacts and their timelines.

/** The Telegram username of the user's contact, if there is such a contact. */
export async function contactTelegramUsername(db: Db, userId: string, contactId: string): Promise<{ username: string | null } | undefined> {
  return db
    .select({ username: contacts.telegramUsername })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .get();
}

/**
 * The user's contacts holding these identifiers of one kind (up to 90 normalized values), with
 * their names, the oldest holder of a shared phone first (ADR 031).
 */
export async function contactsWithIdentifiers(
  db: Db,
  userId: string,
  kind: 'telegram' | 'phone',
  norms: string[],
): Promise<{ norm: string; contactId: string; firstName: string | null; lastName: string | null }[]> {
  return db
    .select({
      norm: contactIdentifiers.valueNorm,
      contactId: contactIdentifiers.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contactIdentifiers)
    .innerJoin(contacts, eq(contacts.id, contactIdentifiers.contactId))
    .where(and(eq(contactIdentifiers.userId, userId), eq(contactIdentifiers.kind, kind), inArray(contactIdentifiers.valueNorm, norms)))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
}

/** Takes the tag of this norm off these contacts (up to 90), for a batch. */
export const removeTagFrom = (db: Db, userId: string, contactIds: string[], tagNorm: string) =>
  db
    .delete(contactTags)
    .where(and(eq(contactTags.userId, userId), inArray(contactTags.contactId, contactIds), eq(contactTags.tagNorm, tagNorm)));

/** Sets the contact's Telegram bio, for a batch. */
export const setContactTelegramBio = (db: Db, userId: string, contactId: string, bio: string | null, now: string) =>
  db
    .update(contacts)
    .set({ bioTelegram: bio, updatedAt: now })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)));

/**
 * Marks as read the contact's outgoing Telegram messages stored as delivered in the chat with
 * this peer, up to message `readMaxId` (their external id is "<peer id>:<message id>"); for a batch.
 */
export const markTelegramMessagesRead = (db: Db, userId: string, contactId: string, peerId: string, readMaxId: number, now: string) =>
  db
    .update(interactions)
    .set({ status: 'read', updatedAt: now })
    .where(
      and(
        eq(interactions.userId, userId),
        eq(interactions.contactId, contactId),
        eq(interactions.source, 'telegram'),
        eq(interactions.status, 'delivered'),
        sql`${interactions.externalId} LIKE ${`${peerId}:%`}`,
        sql`CAST(substr(${interactions.externalId}, ${peerId.length + 2}) AS INTEGER) <= ${readMaxId}`,
      ),
    );
