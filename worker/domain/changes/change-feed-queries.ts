import { sql, type SQL } from 'drizzle-orm';
import type { UserStore } from '../../db/stores';

/** A row of the change log as the feed reads it. */
export interface ChangeRow {
  seq: number;
  contact_id: string;
  change: 'upserted' | 'deleted';
  merged_into: string | null;
  changed_at: string;
  /** A contact's change, or an organization's (company cards in the phone's address book, ADR 054). */
  kind: 'contact' | 'organization';
}

/** Which rows a reader takes: the feeds read contacts only; the phone's address book reads organizations too (ADR 054). */
export type ChangeKinds = 'contacts' | 'contacts-and-organizations';

/**
 * The three reads of a feed page, one batch: the user's changes after `since` (one more than
 * `limit`, to know whether more follow), the user's horizon and the log's highest seq ever
 * given out (a cursor above it was not given by this log).
 */
export function changePageStatements(
  store: UserStore,
  since: number,
  limit: number,
  kinds: ChangeKinds = 'contacts',
): D1PreparedStatement[] {
  const kind = kinds === 'contacts' ? "AND kind = 'contact'" : '';
  return [
    store.d1
      .prepare(
        `SELECT seq, contact_id, change, merged_into, changed_at, kind FROM contact_changes
          WHERE user_id = ?1 AND seq > ?2 ${kind} ORDER BY seq LIMIT ?3`,
      )
      .bind(store.userId, since, limit + 1),
    store.d1.prepare('SELECT seq FROM contact_change_horizons WHERE user_id = ?1').bind(store.userId),
    store.d1.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'contact_changes'"),
  ];
}

/** Which of these contacts (a JSON array of ids) ever held one of `tags`: what a tag-limited token may once have seen. */
export async function everTaggedAmong(store: UserStore, ids: string[], tags: string[]): Promise<Set<string>> {
  const { results } = await store.d1
    .prepare(
      `SELECT DISTINCT contact_id FROM contact_tag_history
        WHERE user_id = ?1 AND contact_id IN (SELECT value FROM json_each(?2)) AND tag_norm IN (SELECT value FROM json_each(?3))`,
    )
    .bind(store.userId, JSON.stringify(ids), JSON.stringify(tags))
    .all<{ contact_id: string }>();
  return new Set(results.map((r) => r.contact_id));
}

/** Marks the tombstones of merged-away contacts with the contact they were merged into (after their delete, same batch). */
export function mergedIntoStatement(userId: string, goneIds: string[], survivorId: string): SQL {
  return sql`UPDATE contact_changes SET merged_into = ${survivorId}
    WHERE user_id = ${userId} AND change = 'deleted' AND contact_id IN (SELECT value FROM json_each(${JSON.stringify(goneIds)}))`;
}

/**
 * Raises each user's horizon to the highest tombstone older than `before` among the next
 * `limit` such tombstones of this database, then deletes those tombstones: two statements of
 * one batch, so a horizon never lags a deletion.
 */
/** The next `?2` tombstones older than `?1` of one database, oldest first: what one sweep step drops. */
export const EXPIRED_TOMBSTONES = `SELECT seq, user_id, contact_id FROM contact_changes WHERE change = 'deleted' AND changed_at < ?1 ORDER BY changed_at LIMIT ?2`;

export function sweepTombstoneStatements(d1: D1Database, before: string, limit: number): D1PreparedStatement[] {
  const oldest = EXPIRED_TOMBSTONES;
  return [
    d1
      .prepare(
        `INSERT INTO contact_change_horizons (user_id, seq)
         SELECT user_id, max(seq) FROM (${oldest}) GROUP BY user_id
         ON CONFLICT (user_id) DO UPDATE SET seq = max(seq, excluded.seq)`,
      )
      .bind(before, limit),
    // The tags a swept contact held (ADR 044) go with its tombstone, before it.
    d1
      .prepare(`DELETE FROM contact_tag_history WHERE (user_id, contact_id) IN (SELECT user_id, contact_id FROM (${oldest}))`)
      .bind(before, limit),
    d1.prepare(`DELETE FROM contact_changes WHERE seq IN (SELECT seq FROM (${oldest}))`).bind(before, limit),
  ];
}
