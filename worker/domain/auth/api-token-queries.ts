import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';

export function insertApiToken(db: Db, token: typeof apiTokens.$inferInsert) {
  return db.insert(apiTokens).values(token);
}

/** The user's personal access tokens, newest first. */
export function apiTokensOf(db: Db, userId: string) {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Deletes the user's token `id`; gives the id of the row deleted, if any. */
export function deleteApiToken(db: Db, userId: string, id: string) {
  return db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
}

export function countApiTokens(db: Db, userId: string) {
  return db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get();
}

/** Deletes every token of the user; gives the ids of the rows deleted. */
export function deleteApiTokensOf(db: Db, userId: string) {
  return db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
}

export function markApiTokenUsed(db: Db, tokenId: string, now: string) {
  return db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}
