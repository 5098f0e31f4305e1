import type { Db } from '../../db/client';
import { nowIso, sha256Hex } from '../../db/columns';
import { assertUnderLimit, COUNT_HIT_SQL, rateWindow } from './rate-limit';
import { TOKEN_PREFIX, touchToken } from './tokens';
import type { PublicUser } from './users';

/** How an API request proves who it is: a personal access token or the session cookie. */
export type ApiCredential = { kind: 'token' | 'session'; secret: string };

export interface ApiLimit {
  perMinute: number;
  /** The fixed window the limit counts in (a minute in production). */
  windowSeconds: number;
  message: string;
}

interface CallerRow {
  id: string;
  email: string;
  name: string;
  time_zone: string;
  created_at: string;
  token_id: string | null;
  last_used_at: string | null;
}

const USER_COLUMNS = 'u.id, u.email, u.name, u.time_zone, u.created_at';

// Every API request pays for this lookup, so finding the caller and counting the request
// against their limit share one D1 round trip. The counter's key comes from the same row the
// user does: an unknown or expired credential counts nothing.
const LOOKUP: Record<ApiCredential['kind'], (db: Db, hash: string, windowStart: number, now: string) => D1PreparedStatement[]> = {
  token: (db, hash, windowStart) => [
    db.$client.prepare(`SELECT ${USER_COLUMNS}, t.id AS token_id, t.last_used_at FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?1`).bind(hash),
    db.$client.prepare(`INSERT INTO rate_limits (key, window_start, count) SELECT 'api:' || user_id, ?2, 1 FROM api_tokens WHERE token_hash = ?1 ${COUNT_HIT_SQL}`).bind(hash, windowStart),
  ],
  session: (db, hash, windowStart, now) => [
    db.$client
      .prepare(`SELECT ${USER_COLUMNS}, NULL AS token_id, NULL AS last_used_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?1 AND s.expires_at > ?2`)
      .bind(hash, now),
    db.$client
      .prepare(`INSERT INTO rate_limits (key, window_start, count) SELECT 'api:' || user_id, ?2, 1 FROM sessions WHERE id = ?1 AND expires_at > ?3 ${COUNT_HIT_SQL}`)
      .bind(hash, windowStart, now),
  ],
};

/**
 * The user behind an API credential, or null when it is unknown, revoked or expired.
 * Throws RateLimitedError (429 + Retry-After) when the user is over their per-minute limit.
 */
export async function findApiCaller(db: Db, credential: ApiCredential, limit: ApiLimit): Promise<PublicUser | null> {
  if (credential.kind === 'token' && !credential.secret.startsWith(TOKEN_PREFIX)) return null;
  const hash = await sha256Hex(credential.secret);
  const window = rateWindow(limit.windowSeconds);
  const now = nowIso();
  const [found, counted] = await db.$client.batch(LOOKUP[credential.kind](db, hash, window.windowStart, now));
  const row = found?.results[0] as CallerRow | undefined;
  if (!row) return null;
  assertUnderLimit((counted?.results[0] as { count: number } | undefined)?.count, limit.perMinute, window, limit.message);
  if (row.token_id) await touchToken(db, row.token_id, row.last_used_at, now);
  return { id: row.id, email: row.email, name: row.name, time_zone: row.time_zone, created_at: row.created_at };
}
