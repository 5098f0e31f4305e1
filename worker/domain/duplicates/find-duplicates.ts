import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { contactIdentifiers, contacts } from '../../db/schema';
import { duplicateDismissals } from '../../db/schema-detail';
import { notFound, AppError } from '../errors';
import { suggestedDuplicatesQuery, suggestedPartners, type SuggestedRow } from './duplicate-suggestions';
import { givenNameRelation, spelledAlike } from './given-names';
import { nicknamesOf } from './nicknames';
import { ownedBy } from '../../db/owned-by';

export interface DuplicateCandidate {
  contact: { id: string; full_name: string };
  score: number;
  reasons: string[];
}

// Addresses at these domains say nothing about who someone works with.
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'aol.com',
  'live.com',
  'gmx.de',
  'web.de',
]);

const WEIGHTS = { sameName: 0.5, similarName: 0.3, identifier: 0.4, company: 0.15, emailDomain: 0.1 } as const;

const words = (nameSort: string) => nameSort.split(/\s+/).filter(Boolean);

/** Same last word and first initial, or the same two words swapped: "a. lovelace", "lovelace ada". */
function similarName(a: string, b: string): boolean {
  const x = words(a);
  const y = words(b);
  if (x.length < 2 || y.length < 2) return false;
  const swapped = x[0] === y[y.length - 1] && x[x.length - 1] === y[0];
  const isInitial = (w: string) => w.replace(/\.$/, '').length === 1;
  const initial = x[x.length - 1] === y[y.length - 1] && x[0]![0] === y[0]![0] && (isInitial(x[0]!) || isInitial(y[0]!));
  return swapped || initial;
}

/** A list db.batch takes: it wants at least one statement, typed as a tuple. */
const asBatch = <T>(items: T[]) => items as [T, ...T[]];

/**
 * Contacts whose first name could be another form of ours (its first three letters: "Jon" /
 * "Jonathan", "Sara" / "Sarah"; a nickname: "Bob" / "Robert") and who have a later name word
 * starting like our last name. One range of contacts_user_name per start, each its own
 * statement: ORed together, SQLite read every name of the user (8 ms at 50 000); the LIKE only
 * filters a range.
 */
function nameVariantRows(db: Db, userId: string, contactId: string, first: string, last: string) {
  const starts = [...new Set([first.length >= 3 ? first.slice(0, 3) : `${first} `, ...nicknamesOf(first).map((n) => `${n} `)])];
  const lastStart = last[0]!.replace(/[%_\\]/g, '');
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
 * its Latin spelling, or spelling it the same way from their own script. One statement per
 * index: ORed, SQLite read every contact of the user.
 */
function otherScriptRows(db: Db, userId: string, contactId: string, nameSort: string, nameLatin: string | null) {
  const matches = nameLatin ? [eq(contacts.nameSort, nameLatin), eq(contacts.nameLatin, nameLatin)] : [eq(contacts.nameLatin, nameSort)];
  return matches.map((match) =>
    db
      .select({ id: contacts.id, nameSort: contacts.nameSort, fullName: contacts.fullName })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), ne(contacts.id, contactId), match))
      .limit(50),
  );
}

/** Why two names may be one person's: another form of the first name with the same last name, or the last name spelled another way. */
function nameVariantReason(myName: string, mine: string[], otherSort: string, otherName: string): string | null {
  const theirs = words(otherSort);
  if (theirs.length < 2) return null;
  const [first, last] = [mine[0]!, mine[mine.length - 1]!];
  const [otherFirst, otherLast] = [theirs[0]!, theirs[theirs.length - 1]!];
  const relation = givenNameRelation(first, otherFirst);
  if (!relation || relation === 'initial' || !spelledAlike(last, otherLast)) return null;
  if (relation === 'same') return last === otherLast ? null : `similar name: spelled alike (${myName} / ${otherName})`;
  const kind =
    relation === 'nickname' ? 'nickname' : relation === 'short form' && !spelledAlike(first, otherFirst) ? 'short form' : 'spelled alike';
  return `similar name: ${kind} (${myName} / ${otherName})`;
}

/**
 * Ranges of (user_id, name_sort) holding the same name, names starting with our first word,
 * our initial, or our last word (the order swapped).
 */
function sameOrSimilarNameRanges(nameSort: string, first: string, last: string) {
  const prefixes = [...new Set([first + ' ', first[0] + ' ', first[0] + '. ', last + ' '])];
  if (first.replace(/\.$/, '').length === 1) prefixes.push(first[0]!);
  return [
    eq(contacts.nameSort, nameSort),
    ...prefixes.map((p) => and(sql`${contacts.nameSort} >= ${p}`, sql`${contacts.nameSort} < ${p + '\uffff'}`)),
  ];
}

/** The same handle on any platform, the same phone digits, the same email name at another domain: ranges of the primary key. */
function identifierMatches(myIdents: { kind: string; valueNorm: string }[]) {
  const handles = myIdents.filter((x) => ['telegram', 'twitter', 'linkedin'].includes(x.kind)).map((x) => x.valueNorm);
  const phones = myIdents
    .filter((x) => x.kind === 'phone')
    .flatMap((x) => [`+${x.valueNorm.replace(/^\+/, '')}`, x.valueNorm.replace(/^\+/, '')]);
  const emailNames = myIdents.filter((x) => x.kind === 'email').map((x) => x.valueNorm.split('@')[0]! + '@');
  return [
    ...(handles.length
      ? [and(inArray(contactIdentifiers.kind, ['telegram', 'twitter', 'linkedin']), inArray(contactIdentifiers.valueNorm, handles))]
      : []),
    ...(phones.length ? [and(eq(contactIdentifiers.kind, 'phone'), inArray(contactIdentifiers.valueNorm, phones))] : []),
    ...emailNames
      .slice(0, 10)
      .map((p) =>
        and(
          eq(contactIdentifiers.kind, 'email'),
          sql`${contactIdentifiers.valueNorm} >= ${p}`,
          sql`${contactIdentifiers.valueNorm} < ${p + '\uffff'}`,
        ),
      ),
  ];
}

/**
 * Possible duplicates of a contact, best first. Candidates come from indexed lookups only:
 * names (contacts_user_name range), the same handle on another platform, the same phone
 * digits, the same email name at another domain (identifier primary key ranges), and the
 * pairs an import kept apart (duplicate_suggestions). Shared
 * company and email domain only add weight to a candidate found by name or identifier.
 */
export async function findDuplicates(db: Db, userId: string, contactId: string): Promise<DuplicateCandidate[]> {
  const [mine, myIdents] = await db.batch([
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId))),
    db
      .select()
      .from(contactIdentifiers)
      .where(and(ownedBy(contactIdentifiers.userId, userId), eq(contactIdentifiers.contactId, contactId))),
  ]);
  const me = mine[0];
  if (!me) throw notFound('Contact');
  const reasons = new Map<string, Set<string>>();
  const add = (id: string, reason: string) => {
    if (id === contactId) return;
    reasons.set(id, (reasons.get(id) ?? new Set()).add(reason));
  };

  // Every lookup is its own indexed statement, and all go in one round trip: ORed together,
  // SQLite walked every name (40 ms at 50 000 contacts) or identifier (70 ms) of the user.
  const nameWords = words(me.nameSort);
  const [first, last] = [nameWords[0], nameWords[nameWords.length - 1]];
  const nameRanges = first && last ? sameOrSimilarNameRanges(me.nameSort, first, last) : [];
  const byName = nameRanges.map((range) =>
    db
      .select({ id: contacts.id, nameSort: contacts.nameSort })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), ne(contacts.id, contactId), range))
      .limit(100),
  );
  // A name in another script: written in Latin letters it is compared as any other name.
  const latinWords = me.nameLatin ? words(me.nameLatin) : nameWords;
  const [latinFirst, latinLast] = [latinWords[0], latinWords[latinWords.length - 1]];
  const byVariant = latinFirst && latinLast && latinWords.length >= 2 ? nameVariantRows(db, userId, contactId, latinFirst, latinLast) : [];
  const byScript = otherScriptRows(db, userId, contactId, me.nameSort, me.nameLatin);
  const byIdentifier = identifierMatches(myIdents).map((match) =>
    db
      .select({ contactId: contactIdentifiers.contactId, kind: contactIdentifiers.kind, value: contactIdentifiers.value })
      .from(contactIdentifiers)
      .where(and(eq(contactIdentifiers.userId, userId), ne(contactIdentifiers.contactId, contactId), match))
      .limit(50),
  );
  // Pairs an import kept apart although they share an identifier (ADR 013).
  const keptApart = suggestedDuplicatesQuery(db, userId, contactId);
  const results = (await db.batch(
    asBatch<BatchItem<'sqlite'>>([keptApart, ...byScript, ...byName, ...byVariant, ...byIdentifier]),
  )) as unknown[][];
  const [suggested, ...afterSuggested] = results;
  const scriptRows = afterSuggested.slice(0, byScript.length).flat();
  const rest = afterSuggested.slice(byScript.length);
  const nameRows = rest.slice(0, byName.length).flat() as { id: string; nameSort: string }[];
  const variantRows = rest.slice(byName.length, byName.length + byVariant.length).flat() as {
    id: string;
    nameSort: string;
    nameLatin: string | null;
    fullName: string;
  }[];
  const identifierRows = rest.slice(byName.length + byVariant.length).flat() as { contactId: string; kind: string; value: string }[];

  for (const r of scriptRows as { id: string; nameSort: string; fullName: string }[]) {
    if (r.nameSort !== me.nameSort) add(r.id, `same name in another script (${me.fullName} / ${r.fullName})`);
  }
  for (const r of new Map(nameRows.map((row) => [row.id, row])).values()) {
    if (r.nameSort === me.nameSort) add(r.id, 'same name');
    else if (similarName(me.nameSort, r.nameSort)) add(r.id, 'similar name');
  }
  for (const r of variantRows) {
    const reason = nameVariantReason(me.fullName, latinWords, r.nameLatin ?? r.nameSort, r.fullName);
    if (reason) add(r.id, reason);
  }
  for (const r of identifierRows)
    add(
      r.contactId,
      r.kind === 'email' ? `same email name (${r.value})` : r.kind === 'phone' ? `same phone (${r.value})` : `same handle (${r.value})`,
    );
  for (const s of suggestedPartners(suggested as SuggestedRow[], contactId)) add(s.contactId, s.reason);

  const ids = [...reasons.keys()];
  if (ids.length === 0) return [];
  // The candidates by their keys: with `user_id = ?` SQLite walked all of the user's contacts
  // and emails instead (42 + 50 ms at 250 000 contacts, node:sqlite).
  const [others, otherEmails, dismissed] = await db.batch([
    db
      .select({ id: contacts.id, fullName: contacts.fullName, companyId: contacts.companyId })
      .from(contacts)
      .where(and(ownedBy(contacts.userId, userId), inArray(contacts.id, ids.slice(0, 90)))),
    db
      .select({ contactId: contactIdentifiers.contactId, valueNorm: contactIdentifiers.valueNorm })
      .from(contactIdentifiers)
      .where(
        and(
          ownedBy(contactIdentifiers.userId, userId),
          eq(contactIdentifiers.kind, 'email'),
          inArray(contactIdentifiers.contactId, ids.slice(0, 90)),
        ),
      ),
    db
      .select()
      .from(duplicateDismissals)
      .where(
        and(
          eq(duplicateDismissals.userId, userId),
          or(eq(duplicateDismissals.contactA, contactId), eq(duplicateDismissals.contactB, contactId)),
        ),
      ),
  ]);
  const dismissedIds = new Set(dismissed.map((d) => (d.contactA === contactId ? d.contactB : d.contactA)));
  const myDomains = new Set(
    myIdents
      .filter((x) => x.kind === 'email')
      .map((x) => x.valueNorm.split('@')[1]!)
      .filter((d) => !FREE_MAIL.has(d)),
  );

  const result: DuplicateCandidate[] = [];
  for (const other of others) {
    if (dismissedIds.has(other.id)) continue;
    const why = [...reasons.get(other.id)!];
    let score = 0;
    for (const r of why)
      score += r.startsWith('same name') ? WEIGHTS.sameName : r.startsWith('similar name') ? WEIGHTS.similarName : WEIGHTS.identifier;
    if (me.companyId && other.companyId === me.companyId) {
      why.push('same company');
      score += WEIGHTS.company;
    }
    const domain = otherEmails
      .filter((e) => e.contactId === other.id)
      .map((e) => e.valueNorm.split('@')[1]!)
      .find((d) => myDomains.has(d));
    if (domain) {
      why.push(`same email domain (${domain})`);
      score += WEIGHTS.emailDomain;
    }
    result.push({ contact: { id: other.id, full_name: other.fullName }, score: Math.min(1, Math.round(score * 100) / 100), reasons: why });
  }
  return result.sort((a, b) => b.score - a.score || a.contact.id.localeCompare(b.contact.id)).slice(0, 20);
}

/** Marks a pair as not duplicates; it is never suggested again (either way round). */
export async function dismissDuplicate(db: Db, userId: string, contactId: string, otherId: string): Promise<void> {
  if (contactId === otherId) throw new AppError('not_processable', 'A contact is not a duplicate of itself');
  // `+user_id`: otherwise a covering walk of all the user's contacts finds the two.
  const found = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(sql`+${contacts.userId}`, userId), inArray(contacts.id, [contactId, otherId])));
  if (found.length !== 2) throw notFound('Contact');
  const [a, b] = [contactId, otherId].sort() as [string, string];
  await db.insert(duplicateDismissals).values({ userId, contactA: a, contactB: b, createdAt: nowIso() }).onConflictDoNothing();
}
