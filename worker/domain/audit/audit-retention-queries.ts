import { MERGE_ACTION } from './audit-retention';

// The nightly sweep of audit contents (audit-retention.ts): a database at a time, like the
// change log's sweep, since it names no user.

export interface UnsweptRecord {
  id: string;
  action: string;
  data: string;
}

/**
 * The next `limit` records not swept yet whose windows closed: every record older than
 * `deletesBefore` except merges, which wait until `mergesBefore`. Every row answered is swept,
 * so paging always moves on. The range is the partial index audit_log_contents_kept.
 */
export async function recordsPastWindow(d1: D1Database, deletesBefore: string, mergesBefore: string, limit: number) {
  const { results } = await d1
    .prepare(
      `SELECT id, action, data FROM audit_log
       WHERE contents_dropped_at IS NULL AND created_at < ?1 AND (action <> ?2 OR created_at < ?3)
       ORDER BY created_at LIMIT ?4`,
    )
    .bind(deletesBefore, MERGE_ACTION, mergesBefore, limit)
    .all<UnsweptRecord>();
  return results;
}

/**
 * One record's sweep: its data replaced by what it keeps (null: unchanged) and stamped; for a
 * merge, its merge record loses the survivor's row from before and the list of moved timeline
 * entries, and is stamped too, so Unmerge can say why it cannot.
 */
export function sweepStatements(d1: D1Database, record: UnsweptRecord, kept: string | null, now: string): D1PreparedStatement[] {
  const statements = [
    d1.prepare('UPDATE audit_log SET data = coalesce(?2, data), contents_dropped_at = ?3 WHERE id = ?1').bind(record.id, kept, now),
  ];
  if (record.action === MERGE_ACTION)
    statements.push(
      d1
        .prepare(`UPDATE contact_merges SET survivor_before = '{}', contents_dropped_at = ?2 WHERE id = ?1 AND contents_dropped_at IS NULL`)
        .bind(record.id, now),
      d1.prepare('DELETE FROM contact_merge_interactions WHERE merge_id = ?1').bind(record.id),
    );
  return statements;
}
