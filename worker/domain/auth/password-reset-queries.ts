import { and, eq, gt, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { loginChallenges, passwordResets, sessions, users } from '../../db/schema';
import { deleteUnusedResets, setPasswordHash } from './account-queries';
import { deleteApiTokensOf } from './api-token-queries';

/** Who signed up with `email` (already trimmed and lower-cased), as a reset email names them. */
export function userToReset(db: Db, email: string) {
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, email)).get();
}

export function insertPasswordReset(db: Db, reset: typeof passwordResets.$inferInsert) {
  return db.insert(passwordResets).values(reset);
}

/** The reset `id` (a link token's hash) if it is unused and still open at `now`. */
export function usableReset(db: Db, id: string, now: string) {
  return db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .get();
}

/** Marks the reset `id` used at `now` if it was usable; gives its user then. */
export function spendReset(db: Db, id: string, now: string) {
  return db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId })
    .get();
}

/**
 * Sets the user's new password hash and revokes every way in: sessions, personal access
 * tokens, open two-factor challenges, and the account's other reset links. One batch.
 */
export function resetPasswordStatements(
  db: Db,
  userId: string,
  hash: string,
  salt: string,
  now: string,
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  return [
    setPasswordHash(db, userId, hash, salt, now),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    deleteApiTokensOf(db, userId),
    db.delete(loginChallenges).where(eq(loginChallenges.userId, userId)),
    deleteUnusedResets(db, userId),
  ];
}
