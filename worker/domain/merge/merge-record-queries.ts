import type { MergeOrigin } from './merge-views';
import { sql, type SQL } from 'drizzle-orm';
import { nowIso } from '../../db/columns';
import type { ContactRow } from '../../db/schema';
import type { ContactDateRow } from '../dates/contact-date-queries';

/** What Unmerge needs of the survivor as it was just before the merge (contact_merges.survivor_before). */
export interface SurvivorBefore {
  row: ContactRow;
  /** Its tags (tag_norm) and groups: the ones the merge added go back with the merged contact. */
  tags: string[];
  groups: string[];
  /** Dates of the merged contacts the merge deleted as exact copies of the survivor's. */
  droppedDates: ContactDateRow[];
  /**
   * Its phones (value_norm), since a phone may be on both (ADR 031): Unmerge gives the merged
   * contact a copy of those instead of taking them off the survivor. Absent before migration 0047.
   */
  phones?: string[];
}

/**
 * The merge's own record, one row per merged contact (id = its audit entry's id), and the
 * timeline entries each one gives the survivor. Runs in the merge's batch before the moves.
 */
export function mergeRecordStatements(
  userId: string,
  survivorId: string,
  before: SurvivorBefore,
  merges: { id: string; mergedId: string }[],
  origin: MergeOrigin,
): SQL[] {
  const list = JSON.stringify(merges.map((m) => ({ id: m.id, merged_id: m.mergedId })));
  return [
    sql`INSERT INTO contact_merges (id, user_id, survivor_id, merged_id, origin, survivor_before, created_at)
        SELECT json_extract(value, '$.id'), ${userId}, ${survivorId}, json_extract(value, '$.merged_id'), ${origin}, ${JSON.stringify(before)}, ${nowIso()}
        FROM json_each(${list})`,
    sql`INSERT INTO contact_merge_interactions (merge_id, user_id, interaction_id)
        SELECT json_extract(m.value, '$.id'), i.user_id, i.id FROM json_each(${list}) m
        JOIN interactions i ON i.user_id = ${userId} AND i.contact_id = json_extract(m.value, '$.merged_id')`,
  ];
}
