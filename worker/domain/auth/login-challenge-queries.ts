import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges } from '../../db/schema';

export function insertLoginChallenge(db: Db, challenge: typeof loginChallenges.$inferInsert) {
  return db.insert(loginChallenges).values(challenge);
}

/** Counts one more code attempt on the challenge `id` if it is still open at `now`; gives it as it is now. */
export function countChallengeAttempt(db: Db, id: string, now: string) {
  return db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, now)))
    .returning()
    .get();
}

export function deleteLoginChallenge(db: Db, id: string) {
  return db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

/** The challenge `id` if it is still open at `now`, without counting an attempt. */
export function openLoginChallenge(db: Db, id: string, now: string) {
  return db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, now)))
    .get();
}
