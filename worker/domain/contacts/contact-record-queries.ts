import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { visibleOnDb } from '../auth/contact-limit-queries';
import { contactIdentifiers, contacts, contactTags, organizations } from '../../db/schema';

// What a contact view is made of, for up to 90 contacts at a time (D1 allows 100 bound
// parameters per statement; 90 ids + 2 user ids is the most any of these binds), each a query
// to batch. `+user_id` keeps SQLite on the id indexes: without statistics it rates
// `user_id = ?` as selective and walked all of a user's rows for every page of 50.

/** The user's contact rows among `ids`. */
export function contactRowsAmong(db: Db, userId: string, ids: string[]) {
  return db
    .select()
    .from(contacts)
    .where(and(ownedBy(contacts.userId, userId), inArray(contacts.id, ids), visibleOnDb(db, userId, contacts.id)));
}

/** The identifiers of the user's contacts among `ids`. */
export function identifiersOfContacts(db: Db, userId: string, ids: string[]) {
  return db
    .select()
    .from(contactIdentifiers)
    .where(and(ownedBy(contactIdentifiers.userId, userId), inArray(contactIdentifiers.contactId, ids)));
}

/** The tags of the user's contacts among `ids`. */
export function tagsOfContacts(db: Db, userId: string, ids: string[]) {
  return db
    .select()
    .from(contactTags)
    .where(and(ownedBy(contactTags.userId, userId), inArray(contactTags.contactId, ids)));
}

/** The organizations the user's contacts among `ids` work at, with their names. */
export function companiesOfContacts(db: Db, userId: string, ids: string[]) {
  const companyIds = db
    .select({ id: contacts.companyId })
    .from(contacts)
    .where(and(ownedBy(contacts.userId, userId), inArray(contacts.id, ids)));
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(ownedBy(organizations.userId, userId), inArray(organizations.id, companyIds)));
}
