import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import type { ContactRow, contactIdentifiers, duplicateDismissals } from '../../db/schema';
import { nowIso } from '../../db/columns';
import { notFound, AppError } from '../errors';
import {
  contactIdsAmong,
  contactsKeptApart,
  contactsNamedAlike,
  contactsNamedInOtherScript,
  contactsSharingIdentifiers,
  contactsWithNameStarts,
  contactToCompare,
  dismissalsOf,
  identifiersToCompare,
  insertDismissal,
  type CandidateLookup,
  type IdentifiersToMatch,
} from './duplicate-candidate-queries';
import { suggestedPartners } from './duplicate-suggestions';
import { givenNameRelation, spelledAlike } from './given-names';
import { namesClose } from './names-differ';
import { nicknamesOf } from './nicknames';

type IdentifierRow = typeof contactIdentifiers.$inferSelect;
type DismissalRow = typeof duplicateDismissals.$inferSelect;
/** A candidate as each lookup reads it (duplicate-candidate-queries.ts candidateColumns). */
type CandidateRow = Pick<ContactRow, 'id' | 'fullName' | 'firstName' | 'lastName' | 'companyId'> & { emails: string | null };
type KeptApartRow = { contactA: string; contactB: string; reason: string };

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
function nameVariantRows(db: Db, lookup: CandidateLookup, first: string, last: string) {
  const starts = [...new Set([first.length >= 3 ? first.slice(0, 3) : `${first} `, ...nicknamesOf(first).map((n) => `${n} `)])];
  const lastStart = last[0]!.replace(/[%_\\]/g, '');
  return contactsWithNameStarts(db, lookup, starts, lastStart);
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

/** Names starting with our first word, our initial, or our last word (the order swapped). */
function similarNamePrefixes(first: string, last: string): string[] {
  const prefixes = [...new Set([first + ' ', first[0] + ' ', first[0] + '. ', last + ' '])];
  if (first.replace(/\.$/, '').length === 1) prefixes.push(first[0]!);
  return prefixes;
}

/** The same handle on any platform, the same phone digits, the same email name at another domain. */
function identifiersToMatch(myIdents: { kind: string; valueNorm: string }[]): IdentifiersToMatch {
  const handles = myIdents.filter((x) => ['telegram', 'twitter', 'linkedin'].includes(x.kind)).map((x) => x.valueNorm);
  const phones = myIdents
    .filter((x) => x.kind === 'phone')
    .flatMap((x) => [`+${x.valueNorm.replace(/^\+/, '')}`, x.valueNorm.replace(/^\+/, '')]);
  const emailNames = myIdents.filter((x) => x.kind === 'email').map((x) => x.valueNorm.split('@')[0]! + '@');
  return { handles, phones, emailNames: emailNames.slice(0, 10) };
}

/**
 * Possible duplicates of a contact, best first. Candidates come from indexed lookups only:
 * names (contacts_user_name range), the same handle on another platform, the same phone
 * digits, the same email name at another domain (identifier primary key ranges), and the
 * pairs an import kept apart (duplicate_suggestions). Shared
 * company and email domain only add weight to a candidate found by name or identifier.
 */
export async function findDuplicates(db: Db, userId: string, contactId: string): Promise<DuplicateCandidate[]> {
  const [mine, myIdents] = await db.batch([contactToCompare(db, userId, contactId), identifiersToCompare(db, userId, contactId)]);
  const me = mine[0];
  if (!me) throw notFound('Contact');
  return duplicatesOf(db, userId, me, myIdents);
}

/**
 * findDuplicates for a contact whose row and identifiers were already read (the contact page
 * reads them in its own batch): a round trip fewer than reading them again.
 */
export async function duplicatesOf(db: Db, userId: string, me: ContactRow, myIdents: IdentifierRow[]): Promise<DuplicateCandidate[]> {
  const contactId = me.id;
  const reasons = new Map<string, Set<string>>();
  const add = (id: string, reason: string) => {
    if (id === contactId) return;
    reasons.set(id, (reasons.get(id) ?? new Set()).add(reason));
  };
  const myDomains = new Set(
    myIdents
      .filter((x) => x.kind === 'email')
      .map((x) => x.valueNorm.split('@')[1]!)
      .filter((d) => !FREE_MAIL.has(d)),
  );
  // Each lookup reads the candidates' names, company and (when a shared domain can add weight)
  // emails with them: one round trip in all.
  const lookup: CandidateLookup = { userId, contactId, emails: myDomains.size > 0 };

  // Every lookup is its own indexed statement, and all go in one round trip: ORed together,
  // SQLite walked every name (40 ms at 50 000 contacts) or identifier (70 ms) of the user.
  const nameWords = words(me.nameSort);
  const [first, last] = [nameWords[0], nameWords[nameWords.length - 1]];
  const byName = first && last ? contactsNamedAlike(db, lookup, me.nameSort, similarNamePrefixes(first, last)) : [];
  // A name in another script: written in Latin letters it is compared as any other name.
  const latinWords = me.nameLatin ? words(me.nameLatin) : nameWords;
  const [latinFirst, latinLast] = [latinWords[0], latinWords[latinWords.length - 1]];
  const byVariant = latinFirst && latinLast && latinWords.length >= 2 ? nameVariantRows(db, lookup, latinFirst, latinLast) : [];
  const byScript = contactsNamedInOtherScript(db, lookup, me.nameSort, me.nameLatin);
  const byIdentifier = contactsSharingIdentifiers(db, lookup, identifiersToMatch(myIdents));
  const results = (await db.batch(
    asBatch<BatchItem<'sqlite'>>([
      dismissalsOf(db, userId, contactId),
      // Pairs an import kept apart although they share an identifier (ADR 013).
      contactsKeptApart(db, lookup),
      ...byScript,
      ...byName,
      ...byVariant,
      ...byIdentifier,
    ]),
  )) as unknown[][];
  const [dismissed, keptApart, ...lookups] = results as [DismissalRow[], (CandidateRow & KeptApartRow)[], ...CandidateRow[][]];
  const scriptRows = lookups.slice(0, byScript.length).flat() as (CandidateRow & { nameSort: string })[];
  const rest = lookups.slice(byScript.length);
  const nameRows = rest.slice(0, byName.length).flat() as (CandidateRow & { nameSort: string })[];
  const variantRows = rest.slice(byName.length, byName.length + byVariant.length).flat() as (CandidateRow & {
    nameSort: string;
    nameLatin: string | null;
  })[];
  const identifierRows = rest.slice(byName.length + byVariant.length).flat() as (CandidateRow & { kind: string; value: string })[];

  for (const r of scriptRows) {
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
      r.id,
      r.kind === 'email' ? `same email name (${r.value})` : r.kind === 'phone' ? `same phone (${r.value})` : `same handle (${r.value})`,
    );
  for (const s of suggestedPartners(keptApart, contactId)) add(s.contactId, s.reason);

  const found = new Map<string, CandidateRow>();
  for (const row of [...keptApart, ...lookups.flat()]) if (!found.has(row.id)) found.set(row.id, row);
  const dismissedIds = new Set(dismissed.map((d) => (d.contactA === contactId ? d.contactB : d.contactA)));
  const result: DuplicateCandidate[] = [];
  // At most 90 candidates are scored, the first found first.
  for (const id of [...reasons.keys()].slice(0, 90)) {
    const other = found.get(id);
    if (!other || dismissedIds.has(id)) continue;
    const why = [...reasons.get(id)!];
    // A line a family or an office shares says nothing about two names this far apart (ADR 031).
    if (why.every((r) => r.startsWith('same phone')) && !namesClose(me, other)) continue;
    let score = 0;
    for (const r of why)
      score += r.startsWith('same name') ? WEIGHTS.sameName : r.startsWith('similar name') ? WEIGHTS.similarName : WEIGHTS.identifier;
    if (me.companyId && other.companyId === me.companyId) {
      why.push('same company');
      score += WEIGHTS.company;
    }
    const domain = (other.emails?.split(' ') ?? []).map((e) => e.split('@')[1]!).find((d) => myDomains.has(d));
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
  const found = await contactIdsAmong(db, userId, [contactId, otherId]);
  if (found.length !== 2) throw notFound('Contact');
  const [a, b] = [contactId, otherId].sort() as [string, string];
  await insertDismissal(db, userId, a, b, nowIso());
}
