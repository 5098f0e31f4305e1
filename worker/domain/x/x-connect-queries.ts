import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthStates } from '../../db/schema-imports';

// The single-use OAuth states of "Connect X": one row per sign-in under way.

/** Deletes every state that expired before `now`, for a batch. */
export const deleteExpiredOAuthStates = (db: Db, now: string) => db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));

/** Stores a new state, for a batch. */
export const insertOAuthState = (db: Db, row: typeof oauthStates.$inferInsert) => db.insert(oauthStates).values(row);

/** Deletes the user's state of this provider and gives it, so it serves once. */
export async function takeOAuthState(db: Db, userId: string, provider: string, state: string) {
  return db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId), eq(oauthStates.provider, provider)))
    .returning()
    .get();
}
