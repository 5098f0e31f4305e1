import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contactIdentifiers, contacts, duplicateDismissals } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The lookups behind a contact's possible duplicates, each an indexed statement for one batch
// (find-duplicates.ts runs them): ORed together, SQLite walked every name or identifier of the user.
// The lookups find candidates by name or identifier among all the user's contacts; a token
// limited to some contacts (ADR 035) is then given only those it may see: the contact itself
// and the candidates are read through its handle's condition (visibleOnDb).

/** The contact itself (none or one row), as a query to batch. */
export function contactToCompare(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), visibleOnDb(db, userId, contacts.id)));
}

/** The contact's identifiers, as a query to batch. */
export function identifiersToCompare(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(contactIdentifiers)
    .where(and(ownedBy(contactIdentifiers.userId, userId), eq(contactIdentifiers.contactId, contactId)));
}

/** Other contacts named `nameSort` exactly, then those whose name starts with each of `prefixes`: ranges of contacts_user_name. */
export function contactsNamedAlike(db: Db, userId: string, contactId: string, nameSort: string, prefixes: string[]) {
  const ranges = [
    eq(contacts.nameSort, nameSort),
    ...prefixes.map((p) => and(sql`${contacts.nameSort} >= ${p}`, sql`${contacts.nameSort} < ${p + '\uffff'}`)),
  ];
  return ranges.map((range) =>
    db
      .select({ id: contacts.id, nameSort: contacts.nameSort })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), ne(contacts.id, contactId), range))
      .limit(100),
  );
}

/**
 * For each of `starts`, the other contacts whose name starts with it and has a later word
 * starting with `lastStart` (LIKE-escaped by the caller): one range of contacts_user_name per
 * start, the LIKE only filtering it.
 */
export function contactsWithNameStarts(db: Db, userId: string, contactId: string, starts: string[], lastStart: string) {
  return starts.map((p) =>
    db
      .select({ id: contacts.id, nameSort: contacts.nameSort, nameLatin: contacts.nameLatin, fullName: contacts.fullName })
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          ne(contacts.id, contactId),
          sql`${contacts.nameSort} >= ${p}`,
          sql`${contacts.nameSort} < ${p + '\uffff'}`,
          sql`${contacts.nameSort} LIKE ${`% ${lastStart}%`}`,
        ),
      )
      .limit(300),
  );
}

/**
 * The same name written in another script: for a Latin name, the contacts whose name spells it
 * in Latin letters (contacts_user_latin_name); for a Cyrillic or Greek one, the contacts named
 * its Latin spelling, or spelling it the same way from their own script. One statement per index.
 */
export function contactsNamedInOtherScript(db: Db, userId: string, contactId: string, nameSort: string, nameLatin: string | null) {
  const matches = nameLatin ? [eq(contacts.nameSort, nameLatin), eq(contacts.nameLatin, nameLatin)] : [eq(contacts.nameLatin, nameSort)];
  return matches.map((match) =>
    db
      .select({ id: contacts.id, nameSort: contacts.nameSort, fullName: contacts.fullName })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), ne(contacts.id, contactId), match))
      .limit(50),
  );
}

/** What to look another contact up by: its handles (any platform), phone spellings, and email names (`name@`). */
export interface IdentifiersToMatch {
  handles: string[];
  phones: string[];
  emailNames: string[];
}

/** Other contacts' identifiers among the handles and phones, or starting with each email name: ranges of the primary key. */
export function contactsSharingIdentifiers(db: Db, userId: string, contactId: string, { handles, phones, emailNames }: IdentifiersToMatch) {
  const matches = [
    ...(handles.length
      ? [and(inArray(contactIdentifiers.kind, ['telegram', 'twitter', 'linkedin']), inArray(contactIdentifiers.valueNorm, handles))]
      : []),
    ...(phones.length ? [and(eq(contactIdentifiers.kind, 'phone'), inArray(contactIdentifiers.valueNorm, phones))] : []),
    ...emailNames.map((p) =>
      and(
        eq(contactIdentifiers.kind, 'email'),
        sql`${contactIdentifiers.valueNorm} >= ${p}`,
        sql`${contactIdentifiers.valueNorm} < ${p + '\uffff'}`,
      ),
    ),
  ];
  return matches.map((match) =>
    db
      .select({ contactId: contactIdentifiers.contactId, kind: contactIdentifiers.kind, value: contactIdentifiers.value })
      .from(contactIdentifiers)
      .where(and(eq(contactIdentifiers.userId, userId), ne(contactIdentifiers.contactId, contactId), match))
      .limit(50),
  );
}

// The candidates by their keys: with `user_id = ?` SQLite walked all of the user's contacts
// and emails instead (42 + 50 ms at 250 000 contacts, node:sqlite).

/** The candidates among `ids` (at most 90), with their names and companies. */
export function candidateContacts(db: Db, userId: string, ids: string[]) {
  return db
    .select({
      id: contacts.id,
      fullName: contacts.fullName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      companyId: contacts.companyId,
    })
    .from(contacts)
    .where(and(ownedBy(contacts.userId, userId), inArray(contacts.id, ids), visibleOnDb(db, userId, contacts.id)));
}

/** The email addresses of the candidates among `ids` (at most 90). */
export function candidateEmails(db: Db, userId: string, ids: string[]) {
  return db
    .select({ contactId: contactIdentifiers.contactId, valueNorm: contactIdentifiers.valueNorm })
    .from(contactIdentifiers)
    .where(
      and(ownedBy(contactIdentifiers.userId, userId), eq(contactIdentifiers.kind, 'email'), inArray(contactIdentifiers.contactId, ids)),
    );
}

/** The pairs holding this contact that the user marked as not duplicates. */
export function dismissalsOf(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(duplicateDismissals)
    .where(
      and(
        eq(duplicateDismissals.userId, userId),
        or(eq(duplicateDismissals.contactA, contactId), eq(duplicateDismissals.contactB, contactId)),
      ),
    );
}

/** The user's contacts among `ids`, by key. */
export function contactIdsAmong(db: Db, userId: string, ids: string[]) {
  // `+user_id`: otherwise a covering walk of all the user's contacts finds the two.
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(sql`+${contacts.userId}`, userId), inArray(contacts.id, ids), visibleOnDb(db, userId, contacts.id)));
}

/** Marks the pair (`contactA` < `contactB`) as not duplicates; a known pair is left as it is. */
export function insertDismissal(db: Db, userId: string, contactA: string, contactB: string, now: string) {
  return db.insert(duplicateDismissals).values({ userId, contactA, contactB, createdAt: now }).onConflictDoNothing();
}
