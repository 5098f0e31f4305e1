import type { Db } from '../../db/client';

// The rate_limits table: one fixed-window counter per key (a client address, an email, an
// API user), read and written by raw statements so a hit is counted and answered in one.

/**
 * The tail of an `INSERT INTO rate_limits (key, window_start, count) …` that counts one hit:
 * a new window starts again at 1. The caller lookups insert from a SELECT: that SELECT needs a
 * WHERE clause, or SQLite reads this `ON` as a join constraint.
 */
export const COUNT_HIT = `ON CONFLICT(key) DO UPDATE SET
  count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
  window_start = excluded.window_start
  RETURNING count`;

/** Counts one hit on `key` in the window that began at `windowStart`; answers the window's count. */
export function countHit(db: Db, key: string, windowStart: number): D1PreparedStatement {
  return db.$client.prepare(`INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1) ${COUNT_HIT}`).bind(key, windowStart);
}

const CALLER_COLUMNS = 'u.id, u.email, u.name, u.time_zone, u.created_at';

/** A user found behind an API credential (with the token's id and last use, for a token). */
export interface CallerRow {
  id: string;
  email: string;
  name: string;
  time_zone: string;
  created_at: string;
  token_id: string | null;
  last_used_at: string | null;
  /** The token's scopes, space-separated (null for a session). */
  scopes: string | null;
  /** The token's name (absent for a session). */
  token_name?: string | null;
  /** The token's contact limit and tools (migration 0051; null for a session). */
  contact_tags: string | null;
  hide_private: number | null;
  tools: string | null;
  /** The connected app's grant, for an OAuth access token (migration 0057). */
  oauth_grant_id?: string | null;
}

/**
 * The user behind a personal access token (by its hash), and a hit on that user's API counter
 * ('api:<user id>'). An unknown token counts nothing: the key comes from the token's row.
 */
export function findTokenCallerAndCountHit(db: Db, tokenHash: string, windowStart: number, now: string): D1PreparedStatement[] {
  // An OAuth access token (migration 0057) works for an hour; a personal one has no end.
  const live = 'token_hash = ?1 AND (expires_at IS NULL OR expires_at > ?3)';
  return [
    db.$client
      .prepare(
        `SELECT ${CALLER_COLUMNS}, t.id AS token_id, t.name AS token_name, t.last_used_at, t.scopes, t.contact_tags, t.hide_private, t.tools, t.oauth_grant_id FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?1 AND (t.expires_at IS NULL OR t.expires_at > ?2)`,
      )
      .bind(tokenHash, now),
    db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) SELECT 'api:' || user_id, ?2, 1 FROM api_tokens WHERE ${live} ${COUNT_HIT}`,
      )
      .bind(tokenHash, windowStart, now),
    // A connected app's own counter ('client:<grant id>', ADR 042); a personal token has none.
    db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) SELECT 'client:' || oauth_grant_id, ?2, 1 FROM api_tokens WHERE ${live} AND oauth_grant_id IS NOT NULL ${COUNT_HIT}`,
      )
      .bind(tokenHash, windowStart, now),
  ];
}

/** The same for a session cookie (by its hash): only a session that has not expired by `now`. */
export function findSessionCallerAndCountHit(
  db: Db,
  sessionHash: string,
  windowStart: number,
  now: string,
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.$client
      .prepare(
        `SELECT ${CALLER_COLUMNS}, NULL AS token_id, NULL AS last_used_at, NULL AS scopes FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?1 AND s.expires_at > ?2`,
      )
      .bind(sessionHash, now),
    db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) SELECT 'api:' || user_id, ?2, 1 FROM sessions WHERE id = ?1 AND expires_at > ?3 ${COUNT_HIT}`,
      )
      .bind(sessionHash, windowStart, now),
  ];
}

/**
 * Over the next `pageSize` keys after `after` (one range of the primary key): the last key and
 * how many there were, and the delete of those whose window began before `staleBefore`.
 */
export function sweepCounterPage(db: Db, after: string, pageSize: number, staleBefore: number): [D1PreparedStatement, D1PreparedStatement] {
  const page = 'SELECT key FROM rate_limits WHERE key > ?1 ORDER BY key LIMIT ?2';
  return [
    db.$client.prepare(`SELECT max(key) AS last, count(*) AS n FROM (${page})`).bind(after, pageSize),
    db.$client.prepare(`DELETE FROM rate_limits WHERE key IN (${page}) AND window_start < ?3`).bind(after, pageSize, staleBefore),
  ];
}

/** The count of `key` in the window that began at `windowStart` (no row: none). */
export function peekCount(db: Db, key: string, windowStart: number): D1PreparedStatement {
  return db.$client.prepare('SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2').bind(key, windowStart);
}

/** Takes back one hit of `key` in that window: the attempt it counted turned out not to be a failure. */
export function refundHit(db: Db, key: string, windowStart: number): D1PreparedStatement {
  return db.$client.prepare('UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ?1 AND window_start = ?2').bind(key, windowStart);
}

export function forgetKey(db: Db, key: string): D1PreparedStatement {
  return db.$client.prepare('DELETE FROM rate_limits WHERE key = ?1').bind(key);
}
