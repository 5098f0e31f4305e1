import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passkeyChallenges } from '../../../db/schema';

/** Stores a new challenge, dropping every expired one on the way (the expiry index keeps that cheap). */
export function insertPasskeyChallenge(db: Db, row: typeof passkeyChallenges.$inferInsert) {
  return db.batch([
    db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, row.createdAt)),
    db.insert(passkeyChallenges).values(row),
  ]);
}

/** Spends the challenge `id` of this purpose if it is still open at `now`: deleted and given back, so it works once. */
export function spendPasskeyChallenge(db: Db, id: string, purpose: 'register' | 'sign_in' | 'second_factor', now: string) {
  return db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, now)))
    .returning()
    .get();
}
