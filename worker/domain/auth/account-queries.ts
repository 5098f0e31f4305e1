import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, rateLimits, sessions, users } from '../../db/schema';

export function setPasswordHash(db: Db, userId: string, hash: string, salt: string, now: string) {
  return db.update(users).set({ passwordHash: hash, passwordSalt: salt, updatedAt: now }).where(eq(users.id, userId));
}

/** Deletes the user's sessions but `keep` (a stored session id, or '' for none); gives the ids deleted. */
export function deleteOtherSessions(db: Db, userId: string, keep: string) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
}

/** Deletes the user's reset links not used yet. */
export function deleteUnusedResets(db: Db, userId: string) {
  return db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The user's sessions, most recently seen first. */
export function sessionsOf(db: Db, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

export function sessionIdsOf(db: Db, userId: string) {
  return db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
}

export function deleteRateLimitKey(db: Db, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes the users row, and through the foreign keys every row that belongs to the user there. */
export function deleteUser(db: Db, userId: string) {
  return db.delete(users).where(eq(users.id, userId));
}
