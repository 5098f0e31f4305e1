import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deadLetters } from '../../db/schema';

export type DeadLetterRow = typeof deadLetters.$inferSelect;

/** A failed job as recorded: `attempts` is added to a stored count, `keepError` keeps a stored row's error and count. */
export interface DeadLetterRecord {
  id: string;
  userId: string | null;
  fingerprint: string;
  jobType: string;
  body: string;
  error: string;
  attempts: number;
  keepError: boolean;
  now: string;
}

/**
 * Records a dead letter, or updates the one with the same fingerprint. A job of a user deleted
 * in the meantime writes nothing (the users row is gone; on a shard, its stub).
 */
export async function upsertDeadLetter(d1: D1Database, letter: DeadLetterRecord): Promise<void> {
  await d1
    .prepare(
      `INSERT INTO dead_letters (id, user_id, fingerprint, job_type, body, error, attempts, first_seen_at, last_seen_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8
        WHERE ?2 IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = ?2)
       ON CONFLICT (fingerprint) DO UPDATE SET
         error = CASE WHEN ?9 THEN error ELSE excluded.error END,
         attempts = attempts + ?10,
         last_seen_at = excluded.last_seen_at`,
    )
    .bind(
      letter.id,
      letter.userId,
      letter.fingerprint,
      letter.jobType,
      letter.body,
      letter.error,
      letter.attempts,
      letter.now,
      letter.keepError ? 1 : 0,
      letter.keepError ? 0 : letter.attempts,
    )
    .run();
}

/** Sets the user's failed import waiting again (queued), so its replayed job picks it up. */
export async function requeueFailedImport(d1: D1Database, userId: string, importId: string, now: string): Promise<void> {
  await d1
    .prepare("UPDATE imports SET status = 'queued', updated_at = ?3 WHERE id = ?1 AND user_id = ?2 AND status = 'failed'")
    .bind(importId, userId, now)
    .run();
}

/** One page of the user's dead letters, most recently failed first. */
export function deadLettersPage(db: Db, userId: string, page: number, pageSize: number) {
  return db
    .select()
    .from(deadLetters)
    .where(eq(deadLetters.userId, userId))
    .orderBy(desc(deadLetters.lastSeenAt), desc(deadLetters.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** How many dead letters the user has. */
export function countDeadLetters(db: Db, userId: string) {
  return db.select({ n: count() }).from(deadLetters).where(eq(deadLetters.userId, userId));
}

/** The user's dead letter `id`, if it is theirs. */
export function ownDeadLetter(db: Db, userId: string, id: string) {
  return db
    .select()
    .from(deadLetters)
    .where(and(eq(deadLetters.userId, userId), eq(deadLetters.id, id)))
    .get();
}

/** Forgets the user's dead letter `id`. */
export function deleteOwnDeadLetter(db: Db, userId: string, id: string) {
  return db.delete(deadLetters).where(and(eq(deadLetters.userId, userId), eq(deadLetters.id, id)));
}
