import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appPasswords } from '../../db/schema';
import { COUNT_HIT } from '../auth/rate-limit-queries';

// The directory's sync passwords (migration 0044): one row per device.

export const insertAppPassword = (db: Db, row: typeof appPasswords.$inferInsert) => db.insert(appPasswords).values(row);

/** The user's sync passwords, newest first (a handful per user: their devices). */
export const appPasswordsOf = (db: Db, userId: string) =>
  db
    .select({
      id: appPasswords.id,
      name: appPasswords.name,
      prefix: appPasswords.passwordPrefix,
      createdAt: appPasswords.createdAt,
      lastUsedAt: appPasswords.lastUsedAt,
    })
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id))
    .limit(200);

export const deleteAppPassword = (db: Db, userId: string, id: string) =>
  db
    .delete(appPasswords)
    .where(and(eq(appPasswords.userId, userId), eq(appPasswords.id, id)))
    .returning({ id: appPasswords.id, name: appPasswords.name });

/** Every sync password of the user (a way in: endEveryWayIn), with the ids deleted. */
export const endAppPasswords = (db: Db, userId: string) =>
  db.delete(appPasswords).where(eq(appPasswords.userId, userId)).returning({ id: appPasswords.id });

/** What a DAV sign-in reads of a sync password: its device, its account and the account's database. */
export interface SignInRow {
  id: string;
  name: string;
  userId: string;
  email: string;
  userName: string;
  timeZone: string;
  userCreatedAt: string;
  database: string | null;
}

/**
 * A DAV sign-in's reads and writes, to batch with the source's check in one round trip (ADR
 * 046): the password with this hash and its account, one hit on the account's API counter
 * ('api:<user id>'), and its last use when older than `usedBefore`. The writes touch nothing
 * unless the hash and the account's email (lower-cased) both match.
 */
export function signInStatements(db: Db, hash: string, email: string, apiWindowStart: number, now: string, usedBefore: string) {
  const mine = 'a.password_hash = ?1 AND lower(u.email) = ?3';
  return [
    db.$client
      .prepare(
        `SELECT a.id, a.name, u.id AS userId, u.email, u.name AS userName, u.time_zone AS timeZone, u.created_at AS userCreatedAt, d.database
           FROM app_passwords a JOIN users u ON u.id = a.user_id LEFT JOIN user_databases d ON d.user_id = u.id
          WHERE a.password_hash = ?1`,
      )
      .bind(hash),
    db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count)
         SELECT 'api:' || a.user_id, ?2, 1 FROM app_passwords a JOIN users u ON u.id = a.user_id WHERE ${mine} ${COUNT_HIT}`,
      )
      .bind(hash, apiWindowStart, email),
    db.$client
      .prepare(
        `UPDATE app_passwords SET last_used_at = ?2 WHERE password_hash = ?1 AND (last_used_at IS NULL OR last_used_at < ?4)
            AND user_id IN (SELECT u.id FROM users u WHERE lower(u.email) = ?3)`,
      )
      .bind(hash, now, email, usedBefore),
  ] as const;
}
