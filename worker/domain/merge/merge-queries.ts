import { sql, type SQL } from 'drizzle-orm';
import { nowIso } from '../../db/columns';

// The raw statements of a merge (merge-contacts.ts runs them in its one batch, between drizzle
// builders) and of the auto-merge's search for contacts that share a phone.

const listOf = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Gives the survivor the tags of `others` it does not have yet (compared by tag_norm). */
export const copyTagsTo = (userId: string, survivorId: string, others: string[]): SQL =>
  sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
        SELECT user_id, ${survivorId}, tag, tag_norm FROM contact_tags
        WHERE user_id = ${userId} AND contact_id IN (${listOf(others)})`;

/** Moves the group memberships of `others` to the survivor, except in groups it is already in (those rows stay, and go with the contact). */
export const moveGroupMemberships = (userId: string, survivorId: string, others: string[]): SQL =>
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
  const emptied = sql`user_id = ${userId} AND id IN (SELECT value FROM json_each(${json}))
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
export const contactsSharingAPhone = (userId: string, scope?: string[]): SQL => sql`
      SELECT x.contact_id AS a, y.contact_id AS b, x.value AS phone
      FROM contact_identifiers x
      JOIN contact_identifiers y ON y.user_id = x.user_id AND y.kind = 'phone'
        AND y.value_norm IN ('+' || ltrim(x.value_norm, '+'), ltrim(x.value_norm, '+'))
        AND y.contact_id <> x.contact_id
      WHERE x.user_id = ${userId} AND x.kind = 'phone'
        ${scope ? sql`AND x.contact_id IN (${listOf(scope)})` : sql``}`;
