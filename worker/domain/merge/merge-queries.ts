import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { auditLog, contactIdentifiers, contacts, type ContactRow, type IdentifierKind } from '../../db/schema';

// The statements of a merge (merge-contacts.ts runs them in its one batch) and the auto-merge's
// reads: contacts that share a phone, and the contacts an identifier or a group names.

const listOf = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

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
 * Pairs of the user's contacts holding the same phone, as it is or with and without its '+' (a,
 * b and the phone as a holds it; a phone may be several people's, ADR 031), from the identifier
 * key. Only pairs whose `a` is in `scope` when given: then `+user_id` keeps SQLite on the
 * contact index instead of walking every phone of the user.
 */
export const contactsSharingAPhone = (db: Db, userId: string, scope?: string[]) =>
  db.all<{ a: string; b: string; phone: string }>(sql`
      SELECT x.contact_id AS a, y.contact_id AS b, x.value AS phone
      FROM contact_identifiers x
      JOIN contact_identifiers y ON y.user_id = x.user_id AND y.kind = 'phone'
        AND y.value_norm IN ('+' || ltrim(x.value_norm, '+'), ltrim(x.value_norm, '+'))
        AND y.contact_id <> x.contact_id
      WHERE ${scope ? sql`+x.user_id` : sql`x.user_id`} = ${userId} AND x.kind = 'phone'
        ${scope ? sql`AND x.contact_id IN (${listOf(scope)})` : sql``}`);

/** Audit records (at most 14 rows: 7 columns each, under D1's 100 bound parameters). */
export const insertAuditRecords = (db: Db, rows: (typeof auditLog.$inferInsert)[]) => db.insert(auditLog).values(rows);

/** Sets the survivor's merged columns. */
export const updateSurvivor = (db: Db, userId: string, survivorId: string, set: Partial<ContactRow>) =>
  db
    .update(contacts)
    .set(set)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, survivorId)));

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
