import { sql, type SQL } from 'drizzle-orm';

// What deleting and merging contacts do to their links (contact-delete-queries.ts and
// merge-contacts.ts run these in their own batches). Ids travel as one JSON parameter.

const idsIn = (json: string) => sql`(SELECT value FROM json_each(${json}))`;

/**
 * Deletes every link of the given contacts, on both sides, and the people only they were
 * linked to. The people go first, while the links that name them are still there.
 */
export function deleteLinksOfContacts(userId: string, ids: string[]): SQL[] {
  const list = idsIn(JSON.stringify(ids));
  return [
    sql`DELETE FROM people WHERE user_id = ${userId}
          AND id IN (SELECT other_id FROM relationships WHERE user_id = ${userId} AND contact_id IN ${list} AND other_type = 'person')
          AND NOT EXISTS (SELECT 1 FROM relationships k WHERE k.user_id = ${userId} AND k.other_id = people.id AND k.contact_id NOT IN ${list})`,
    sql`DELETE FROM relationships WHERE user_id = ${userId} AND contact_id IN ${list}`,
    sql`DELETE FROM relationships WHERE user_id = ${userId} AND other_id IN ${list}`,
  ];
}

/**
 * Moves the links of `others` to the survivor, before the others are deleted: a link the
 * survivor already has (same other, kind and label) stays behind and goes with them, and so
 * does a link between two of the merged contacts, which would link the survivor to itself.
 * A link moves whole or not at all: when only one of its sides was refused (two custom links
 * alike on one side only), the side that moved is deleted with the one left behind.
 */
export function moveLinksToSurvivor(userId: string, survivorId: string, others: string[]): SQL[] {
  const list = idsIn(JSON.stringify(others));
  const merged = idsIn(JSON.stringify([survivorId, ...others]));
  return [
    sql`DELETE FROM relationships WHERE user_id = ${userId} AND contact_id IN ${merged} AND other_id IN ${merged}`,
    sql`UPDATE OR IGNORE relationships SET contact_id = ${survivorId} WHERE user_id = ${userId} AND contact_id IN ${list}`,
    sql`UPDATE OR IGNORE relationships SET other_id = ${survivorId} WHERE user_id = ${userId} AND other_id IN ${list} AND other_type = 'contact'`,
    sql`DELETE FROM relationships WHERE user_id = ${userId} AND id IN (
          SELECT id FROM relationships WHERE user_id = ${userId} AND contact_id IN ${list}
          UNION ALL SELECT id FROM relationships WHERE user_id = ${userId} AND other_id IN ${list})`,
  ];
}
