import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contactIdentifiers, contacts, duplicateDismissals, duplicateSuggestions } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The lookups behind a contact's possible duplicates, each an indexed statement for one batch
// (find-duplicates.ts runs them): ORed together, SQLite walked every name or identifier of the user.
// The lookups find candidates by name or identifier among all the user's contacts, and each reads
// what the candidate is scored by beside it (candidateColumns), so the duplicates are one round
// trip: a second one for the candidates' names and emails cost the contact page a D1 call's fixed
// time (#49). A token limited to some contacts (ADR 035) is given only those it may see: the
// contact itself and the candidates are read through its handle's condition (visibleOnDb).

/**
 * What a candidate is scored by: its names and company, and with `emails` its email addresses
 * (space-separated, through contact_identifiers_contact) for the shared-domain weight.
 */
function candidateColumns(userId: string, emails: boolean) {
  return {
    id: contacts.id,
    fullName: contacts.fullName,
    firstName: contacts.firstName,
    lastName: contacts.lastName,
    companyId: contacts.companyId,
    emails: emails
      ? sql<
          string | null
        >`(SELECT group_concat(e.value_norm, ' ') FROM contact_identifiers e WHERE e.contact_id = ${contacts.id} AND e.kind = 'email' AND +e.user_id = ${userId})`
      : sql<string | null>`NULL`,
  };
}

/** How the lookups read candidates: the user's, the contact itself left out, those a limited token may see. */
export interface CandidateLookup {
  userId: string;
  contactId: string;
  /** Read the candidates' email addresses (the contact has an address at a domain that says something). */
  emails: boolean;
}

const candidateOf = (db: Db, { userId, contactId }: CandidateLookup) =>
  and(eq(contacts.userId, userId), ne(contacts.id, contactId), visibleOnDb(db, userId, contacts.id));

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
export function contactsNamedAlike(db: Db, lookup: CandidateLookup, nameSort: string, prefixes: string[]) {
  const ranges = [
    eq(contacts.nameSort, nameSort),
    ...prefixes.map((p) => and(sql`${contacts.nameSort} >= ${p}`, sql`${contacts.nameSort} < ${p + '\uffff'}`)),
  ];
  return ranges.map((range) =>
    db
      .select({ ...candidateColumns(lookup.userId, lookup.emails), nameSort: contacts.nameSort })
      .from(contacts)
      .where(and(candidateOf(db, lookup), range))
      .limit(100),
  );
}

/**
 * For each of `starts`, the other contacts whose name starts with it and has a later word
 * starting with `lastStart` (LIKE-escaped by the caller): one range of contacts_user_name per
 * start, the LIKE only filtering it.
 */
export function contactsWithNameStarts(db: Db, lookup: CandidateLookup, starts: string[], lastStart: string) {
  return starts.map((p) =>
    db
      .select({ ...candidateColumns(lookup.userId, lookup.emails), nameSort: contacts.nameSort, nameLatin: contacts.nameLatin })
      .from(contacts)
      .where(
        and(
          candidateOf(db, lookup),
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
export function contactsNamedInOtherScript(db: Db, lookup: CandidateLookup, nameSort: string, nameLatin: string | null) {
  const matches = nameLatin ? [eq(contacts.nameSort, nameLatin), eq(contacts.nameLatin, nameLatin)] : [eq(contacts.nameLatin, nameSort)];
  return matches.map((match) =>
    db
      .select({ ...candidateColumns(lookup.userId, lookup.emails), nameSort: contacts.nameSort })
      .from(contacts)
      .where(and(candidateOf(db, lookup), match))
      .limit(50),
  );
}

/** What to look another contact up by: its handles (any platform), phone spellings, and email names (`name@`). */
export interface IdentifiersToMatch {
  handles: string[];
  phones: string[];
  emailNames: string[];
}

/**
 * Other contacts' identifiers among the handles and phones, or starting with each email name:
 * ranges of the primary key, each with the contact holding it, found by its key.
 */
export function contactsSharingIdentifiers(db: Db, lookup: CandidateLookup, { handles, phones, emailNames }: IdentifiersToMatch) {
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
      .select({ ...candidateColumns(lookup.userId, lookup.emails), kind: contactIdentifiers.kind, value: contactIdentifiers.value })
      .from(contactIdentifiers)
      .innerJoin(contacts, and(eq(contacts.id, contactIdentifiers.contactId), ownedBy(contacts.userId, lookup.userId)))
      .where(
        and(
          eq(contactIdentifiers.userId, lookup.userId),
          ne(contactIdentifiers.contactId, lookup.contactId),
          match,
          visibleOnDb(db, lookup.userId, contacts.id),
        ),
      )
      .limit(50),
  );
}

/** The pairs holding this contact that an import kept apart (ADR 013), each with the other contact. */
export function contactsKeptApart(db: Db, lookup: CandidateLookup) {
  const { userId, contactId } = lookup;
  const other = sql`CASE WHEN ${duplicateSuggestions.contactA} = ${contactId} THEN ${duplicateSuggestions.contactB} ELSE ${duplicateSuggestions.contactA} END`;
  return db
    .select({
      ...candidateColumns(userId, lookup.emails),
      contactA: duplicateSuggestions.contactA,
      contactB: duplicateSuggestions.contactB,
      reason: duplicateSuggestions.reason,
    })
    .from(duplicateSuggestions)
    .innerJoin(contacts, and(eq(contacts.id, other), ownedBy(contacts.userId, userId)))
    .where(
      and(
        eq(duplicateSuggestions.userId, userId),
        or(eq(duplicateSuggestions.contactA, contactId), eq(duplicateSuggestions.contactB, contactId)),
        visibleOnDb(db, userId, contacts.id),
      ),
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
