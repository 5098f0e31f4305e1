import type { UserStore } from '../../db/stores';
import type { ChangeRow } from '../changes/change-feed-queries';

// sync-collection's read of the change log (ADR 028, ADR 059): ONE statement on the log's
// (user_id, seq) index, so an empty incremental sync is the sign-in and this. The one row of
// the horizon (tombstones swept below it) and the highest seq ever given out is LEFT JOINed to
// the page, so it comes back even when nothing changed. Each row brings the ETag the log keeps
// for the card and the name a phone gave it, so listing known ETags reads nothing else.

export interface SyncPageRow extends Omit<ChangeRow, 'seq' | 'contact_id' | 'change' | 'kind'> {
  swept: number;
  highest: number;
  /** Null on the one row of an empty page. */
  seq: number | null;
  contact_id: string | null;
  change: ChangeRow['change'] | null;
  kind: ChangeRow['kind'] | null;
  /** The card's ETag as the log keeps it (ADR 059), and the name a phone gave the card. */
  etag: string | null;
  href: string | null;
}

/** The log's rows after `since` (one more than `limit`, to know whether more follow), each with the horizon and the highest seq. */
export function syncPageStatement(store: UserStore, since: number, limit: number): D1PreparedStatement {
  return store.d1
    .prepare(
      `SELECT h.swept, h.highest, c.seq, c.contact_id, c.change, c.merged_into, c.changed_at, c.kind, c.etag, c.href
         FROM (SELECT coalesce((SELECT seq FROM contact_change_horizons WHERE user_id = ?1), 0) AS swept,
                      coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'contact_changes'), 0) AS highest) h
         LEFT JOIN (SELECT l.seq, l.contact_id, l.change, l.merged_into, l.changed_at, l.kind, l.etag, r.href FROM contact_changes l
                      LEFT JOIN dav_resources r ON r.user_id = l.user_id AND r.contact_id = l.contact_id
                     WHERE l.user_id = ?1 AND l.seq > ?2 ORDER BY l.seq LIMIT ?3) c ON 1
        ORDER BY c.seq`,
    )
    .bind(store.userId, since, limit + 1);
}
