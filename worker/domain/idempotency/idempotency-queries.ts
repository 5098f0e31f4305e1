import type { UserStore } from '../../db/stores';

/** A key as it was first used. */
export interface KeyRow {
  operation: string;
  fingerprint: string;
  /** The first answer as JSON; null while the first request runs. */
  result: string | null;
  created_at: string;
}

/** Claims `key` for a write about to run; answers whether this request is the first to use it. */
export async function claimKey(store: UserStore, key: string, operation: string, fingerprint: string, now: string): Promise<boolean> {
  const claimed = await store.d1
    .prepare(
      `INSERT INTO idempotency_keys (user_id, key, operation, fingerprint, result, created_at)
       VALUES (?1, ?2, ?3, ?4, NULL, ?5) ON CONFLICT (user_id, key) DO NOTHING`,
    )
    .bind(store.userId, key, operation, fingerprint, now)
    .run();
  return claimed.meta.changes === 1;
}

export function readKey(store: UserStore, key: string): Promise<KeyRow | null> {
  return store.d1
    .prepare('SELECT operation, fingerprint, result, created_at FROM idempotency_keys WHERE user_id = ?1 AND key = ?2')
    .bind(store.userId, key)
    .first<KeyRow>();
}

export async function storeResult(store: UserStore, key: string, result: string): Promise<void> {
  await store.d1.prepare('UPDATE idempotency_keys SET result = ?3 WHERE user_id = ?1 AND key = ?2').bind(store.userId, key, result).run();
}

/** Frees a key whose write failed or was abandoned: the same key may be sent again. */
export async function releaseKey(store: UserStore, key: string, createdAt?: string): Promise<void> {
  await store.d1
    .prepare('DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND (?3 IS NULL OR created_at = ?3)')
    .bind(store.userId, key, createdAt ?? null)
    .run();
}

/** Deletes up to `limit` keys created before `before` on one database (every user's); answers how many went. */
export async function sweepExpiredKeys(d1: D1Database, before: string, limit: number): Promise<number> {
  const swept = await d1
    .prepare(
      `DELETE FROM idempotency_keys WHERE rowid IN (
         SELECT rowid FROM idempotency_keys WHERE created_at < ?1 ORDER BY created_at LIMIT ?2)`,
    )
    .bind(before, limit)
    .run();
  return swept.meta.changes;
}
