import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { ownedBy } from '../../db/owned-by';
import {
  auditLog,
  contactIdentifiers,
  contacts,
  duplicateDismissals,
  followups,
  interactions,
  linkedinOutbox,
  messagingGroupMembers,
  telegramPeers,
  type ContactRow,
  type IdentifierKind,
} from '../../db/schema';
import type { Statement } from '../../db/sql-batch';

// The statements of a merge (merge-contacts.ts runs them in its one batch) and the auto-merge's
// reads: contacts that share a phone, and the contacts an identifier or a group names.

const listOf = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Gives the survivor the tags of `others` it does not have yet (compared by tag_norm). */
const copyTagsTo = (userId: string, survivorId: string, others: string[]): SQL =>
  sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
        SELECT user_id, ${survivorId}, tag, tag_norm FROM contact_tags
        WHERE user_id = ${userId} AND contact_id IN (${listOf(others)})`;

/** Moves the group memberships of `others` to the survivor, except in groups it is already in (those rows stay, and go with the contact). */
const moveGroupMemberships = (userId: string, survivorId: string, others: string[]): SQL =>
  sql`UPDATE OR IGNORE messaging_group_members SET contact_id = ${survivorId}
        WHERE user_id = ${userId} AND contact_id IN (${listOf(others)})`;

/** Dismisses all but the oldest of the survivor's open follow-up suggestions. */
export const keepOldestOpenFollowup = (userId: string, survivorId: string): SQL =>
  sql`UPDATE followups SET status = 'dismissed', resolved_at = ${nowIso()}
      WHERE user_id = ${userId} AND contact_id = ${survivorId} AND status IN ('pending', 'snoozed')
        AND id <> (SELECT id FROM followups WHERE user_id = ${userId} AND contact_id = ${survivorId}
          AND status IN ('pending', 'snoozed') ORDER BY created_at, id LIMIT 1)`;

/** Forgets the interaction purges of merged contacts: their interactions moved to the survivor. */
export const forgetPurges = (userId: string, others: string[]): SQL =>
  sql`DELETE FROM interaction_purges WHERE user_id = ${userId} AND contact_id IN (SELECT value FROM json_each(${JSON.stringify(others)}))`;

/**
 * Deletes the organizations among `ids` that no contact works at any more, with an audit
 * record of each. Runs after the merged contacts are gone, in the same batch.
 */
export function deleteEmptiedOrganizations(userId: string, ids: string[]): SQL[] {
  const json = JSON.stringify(ids);
  // `+user_id`: the ids drive, not a walk of the user's organizations.
  const emptied = sql`+user_id = ${userId} AND id IN (SELECT value FROM json_each(${json}))
    AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.user_id = ${userId} AND c.company_id = organizations.id)`;
  return [
    sql`INSERT INTO audit_log (id, user_id, action, subject_type, subject_id, data, created_at)
      SELECT lower(hex(randomblob(16))), user_id, 'organization.delete', 'organization', id,
        json_object('reason', 'left with no contacts by a merge', 'organization', json_object('name', name, 'website', website, 'industry', industry, 'location', location, 'phone', phone, 'email', email, 'notes', notes)),
        ${nowIso()}
      FROM organizations WHERE ${emptied}`,
    sql`DELETE FROM organizations WHERE ${emptied}`,
  ];
}

/**
 * Pairs of the user's contacts holding the same phone with and without its '+' (a, b and the
 * phone as a holds it), from the identifier index. Only pairs whose `a` is in `scope` when given.
 */
export const contactsSharingAPhone = (db: Db, userId: string, scope?: string[]) =>
  db.all<{ a: string; b: string; phone: string }>(sql`
      SELECT x.contact_id AS a, y.contact_id AS b, x.value AS phone
      FROM contact_identifiers x
      JOIN contact_identifiers y ON y.user_id = x.user_id AND y.kind = 'phone'
        AND y.value_norm IN ('+' || ltrim(x.value_norm, '+'), ltrim(x.value_norm, '+'))
        AND y.contact_id <> x.contact_id
      WHERE x.user_id = ${userId} AND x.kind = 'phone'
        ${scope ? sql`AND x.contact_id IN (${listOf(scope)})` : sql``}`);

/** Audit records (at most 14 rows: 7 columns each, under D1's 100 bound parameters). */
export const insertAuditRecords = (db: Db, rows: (typeof auditLog.$inferInsert)[]) => db.insert(auditLog).values(rows);

/** Sets the survivor's merged columns. */
export const updateSurvivor = (db: Db, userId: string, survivorId: string, set: Partial<ContactRow>) =>
  db
    .update(contacts)
    .set(set)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, survivorId)));

/**
 * Moves to the survivor what the contacts of `chunk` hold: identifiers, tags, interactions,
 * follow-ups, queued LinkedIn messages, Telegram peers and group memberships; drops their
 * duplicate dismissals.
 */
export function moveToSurvivor(db: Db, userId: string, survivorId: string, chunk: string[]): Statement[] {
  return [
    // Moved identifiers sort after the survivor's own (at most 20 per kind each).
    db
      .update(contactIdentifiers)
      .set({ contactId: survivorId, position: sql`${contactIdentifiers.position} + 1000` })
      .where(and(ownedBy(contactIdentifiers.userId, userId), inArray(contactIdentifiers.contactId, chunk))),
    copyTagsTo(userId, survivorId, chunk),
    db
      .update(interactions)
      .set({ contactId: survivorId })
      .where(and(eq(interactions.userId, userId), inArray(interactions.contactId, chunk))),
    db
      .update(followups)
      .set({ contactId: survivorId })
      .where(and(eq(followups.userId, userId), inArray(followups.contactId, chunk))),
    // Queued LinkedIn messages and Telegram peers follow the person, not the deleted row.
    db
      .update(linkedinOutbox)
      .set({ contactId: survivorId })
      .where(and(eq(linkedinOutbox.userId, userId), inArray(linkedinOutbox.contactId, chunk))),
    db
      .update(telegramPeers)
      .set({ contactId: survivorId })
      .where(and(eq(telegramPeers.userId, userId), inArray(telegramPeers.contactId, chunk))),
    moveGroupMemberships(userId, survivorId, chunk),
    db.delete(messagingGroupMembers).where(and(eq(messagingGroupMembers.userId, userId), inArray(messagingGroupMembers.contactId, chunk))),
    db
      .delete(duplicateDismissals)
      .where(
        and(
          eq(duplicateDismissals.userId, userId),
          or(inArray(duplicateDismissals.contactA, chunk), inArray(duplicateDismissals.contactB, chunk)),
        ),
      ),
  ];
}

/** The ids of the user's contacts among `ids`, oldest first (created_at, then id). */
export const oldestFirst = (db: Db, userId: string, ids: string[]) =>
  db
    .select({ id: contacts.id })
    .from(contacts)
    // `+user_id`: otherwise SQLite walks all the user's contacts in created_at order.
    .where(and(eq(sql`+${contacts.userId}`, userId), inArray(contacts.id, ids)))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));

/** The first and last names of the user's contacts among `ids` (one bound parameter per id). */
export const namesOfContacts = (db: Db, userId: string, ids: string[]) =>
  db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(sql`+${contacts.userId}`, userId), inArray(contacts.id, ids)));

/** The contacts owning any of these normalized identifiers (one row per identifier found). */
export const ownersOfIdentifiers = (db: Db, userId: string, identifiers: { kind: IdentifierKind; valueNorm: string }[]) =>
  db
    .select({ contactId: contactIdentifiers.contactId })
    .from(contactIdentifiers)
    .where(
      and(
        eq(contactIdentifiers.userId, userId),
        or(...identifiers.map((x) => and(eq(contactIdentifiers.kind, x.kind), eq(contactIdentifiers.valueNorm, x.valueNorm)))),
      ),
    );
