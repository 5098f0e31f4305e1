import type { UserStore } from '../../db/stores';

/**
 * The two reads of a page of moved scores, one batch: the user's rows after `since` (one more
 * than `limit`, to know whether more follow) and the highest seq the log gave the user (where
 * a reader starting now begins, and above which a cursor was not given by this log). A user's
 * highest never goes back: rows of deleted contacts stay (migrations/0074).
 */
export function scorePageStatements(store: UserStore, since: number, limit: number): D1PreparedStatement[] {
  return [
    store.d1
      .prepare('SELECT seq, contact_id FROM contact_score_changes WHERE user_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3')
      .bind(store.userId, since, limit + 1),
    store.d1.prepare('SELECT max(seq) AS seq FROM contact_score_changes WHERE user_id = ?1').bind(store.userId),
  ];
}
