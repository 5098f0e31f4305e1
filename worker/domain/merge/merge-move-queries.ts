import { sql, type SQL } from 'drizzle-orm';
import { nowIso } from '../../db/columns';

// The statements that give the survivor what the merged contacts hold, one per table of
// MERGE_TABLES whose rule is move, unite or pair (merge-tables.ts). The merged ids travel as one
// JSON parameter (json_each), so a bulk merge of thousands binds a handful of parameters.
// `+user_id` keeps SQLite on the contact-id indexes (as contact-delete-queries.ts explains).

const idsOf = (others: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(others)}))`;

/** The contact-column tables whose rows are handed over as they are. */
const MOVED = [
  'reminders',
  'followups',
  'linkedin_outbox',
  'telegram_peers',
  'import_fingerprints',
  'message_sends',
  'dav_kept_properties',
  'contact_field_sources',
  'contact_files',
];

export function moveToSurvivor(userId: string, survivorId: string, others: string[]): SQL[] {
  const ids = idsOf(others);
  return [
    // Moved identifiers sort after the survivor's own (at most 20 per kind each). A phone both
    // hold (a shared line, ADR 031) stays once: the merged contact's copy goes with it.
    sql`UPDATE OR IGNORE contact_identifiers SET contact_id = ${survivorId}, position = position + 1000
        WHERE +user_id = ${userId} AND contact_id IN ${ids}`,
    sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
        SELECT user_id, ${survivorId}, tag, tag_norm FROM contact_tags WHERE +user_id = ${userId} AND contact_id IN ${ids}`,
    // interactions has no index that leads with contact_id: user_id leads its timeline index.
    sql`UPDATE interactions SET contact_id = ${survivorId} WHERE user_id = ${userId} AND contact_id IN ${ids}`,
    sql`UPDATE contact_dates SET contact_id = ${survivorId} WHERE +user_id = ${userId} AND contact_id IN ${ids}`,
    ...MOVED.map(
      (table) => sql`UPDATE ${sql.identifier(table)} SET contact_id = ${survivorId} WHERE +user_id = ${userId} AND contact_id IN ${ids}`,
    ),
    // The same finding on both keeps both events; the moved one forgets its key (the key is unique per contact).
    sql`UPDATE life_events SET contact_id = ${survivorId},
          proposal_key = CASE WHEN EXISTS (SELECT 1 FROM life_events s WHERE s.user_id = ${userId} AND s.contact_id = ${survivorId}
            AND s.proposal_key = life_events.proposal_key) THEN NULL ELSE proposal_key END
        WHERE +user_id = ${userId} AND contact_id IN ${ids}`,
    // A group the survivor is in already keeps its one row; the merged contact's goes with it.
    sql`UPDATE OR IGNORE messaging_group_members SET contact_id = ${survivorId} WHERE +user_id = ${userId} AND contact_id IN ${ids}`,
    ...['duplicate_suggestions', 'duplicate_dismissals'].map((table) => movePairs(table, userId, survivorId, others)),
  ];
}

/**
 * Pairs naming a merged contact name the survivor instead (a < b, as they are stored); the
 * pairs between the merged contacts and the survivor are settled by the merge and go with them.
 */
function movePairs(table: string, userId: string, survivorId: string, others: string[]): SQL {
  const ids = idsOf(others);
  const t = sql.identifier(table);
  const columns = table === 'duplicate_suggestions' ? sql`reason, created_at` : sql`created_at`;
  return sql`INSERT OR IGNORE INTO ${t} (user_id, contact_a, contact_b, ${columns})
    SELECT user_id, min(${survivorId}, other), max(${survivorId}, other), ${columns} FROM (
      SELECT user_id, CASE WHEN contact_a IN ${ids} THEN contact_b ELSE contact_a END AS other, ${columns}
      FROM ${t} WHERE +user_id = ${userId} AND (contact_a IN ${ids} OR contact_b IN ${ids}))
    WHERE other <> ${survivorId} AND other NOT IN ${ids}`;
}

/** A birthday chosen away becomes a custom date; an exact copy of a date the survivor keeps goes. */
export function settleDates(userId: string, plan: { relabel: { id: string; label: string }[]; drop: string[] }): SQL[] {
  return [
    ...plan.relabel.map(
      (r) => sql`UPDATE contact_dates SET kind = 'custom', label = ${r.label} WHERE user_id = ${userId} AND id = ${r.id}`,
    ),
    ...(plan.drop.length ? [sql`DELETE FROM contact_dates WHERE +user_id = ${userId} AND id IN ${idsOf(plan.drop)}`] : []),
  ];
}

/** Dismisses all but the oldest of the survivor's open follow-up suggestions. */
export const keepOldestOpenFollowup = (userId: string, survivorId: string): SQL =>
  sql`UPDATE followups SET status = 'dismissed', resolved_at = ${nowIso()}
      WHERE user_id = ${userId} AND contact_id = ${survivorId} AND status IN ('pending', 'snoozed')
        AND id <> (SELECT id FROM followups WHERE user_id = ${userId} AND contact_id = ${survivorId}
          AND status IN ('pending', 'snoozed') ORDER BY created_at, id LIMIT 1)`;

/** Forgets the interaction purges of merged contacts: their interactions moved to the survivor. */
export const forgetPurges = (userId: string, others: string[]): SQL =>
  sql`DELETE FROM interaction_purges WHERE user_id = ${userId} AND contact_id IN ${idsOf(others)}`;
