import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';

export function insertApiToken(db: Db, token: typeof apiTokens.$inferInsert) {
  return db.insert(apiTokens).values(token);
}

// A connected app's access tokens (oauth_grant_id set) are not personal: Settings lists their grant.
const personal = (userId: string) => and(eq(apiTokens.userId, userId), isNull(apiTokens.oauthGrantId));

/** The user's personal access tokens, newest first. */
export function apiTokensOf(db: Db, userId: string) {
  return db.select().from(apiTokens).where(personal(userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

// The token `?2` of user `?1` and every token minted by it, by those, and so on (each step an
// index probe on api_tokens_created_by).
const TOKEN_AND_OFFSPRING = `WITH RECURSIVE doomed(id) AS (
    SELECT id FROM api_tokens WHERE user_id = ?1 AND id = ?2
    UNION
    SELECT t.id FROM api_tokens t JOIN doomed d ON t.user_id = ?1 AND t.created_by_token_id = d.id
  )
  SELECT id FROM doomed`;

/** When the user's token `id` was made, if it is theirs. */
export async function apiTokenCreatedAt(db: Db, userId: string, id: string): Promise<string | null> {
  const row = await db
    .select({ createdAt: apiTokens.createdAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
    .get();
  return row?.createdAt ?? null;
}

/** The ids of the user's token `id` and of the tokens it minted, directly or not; empty when `id` is not theirs. */
export async function tokenAndOffspring(db: Db, userId: string, id: string): Promise<string[]> {
  const { results } = await db.$client.prepare(TOKEN_AND_OFFSPRING).bind(userId, id).all<{ id: string }>();
  return results.map((row) => row.id);
}

/** Deletes the user's token `id` and every token it minted; gives the ids and names deleted. */
export async function deleteTokenAndOffspring(db: Db, userId: string, id: string): Promise<{ id: string; name: string }[]> {
  const { results } = await db.$client
    .prepare(`DELETE FROM api_tokens WHERE user_id = ?1 AND id IN (${TOKEN_AND_OFFSPRING}) RETURNING id, name`)
    .bind(userId, id)
    .all<{ id: string; name: string }>();
  return results;
}

export function countApiTokens(db: Db, userId: string) {
  return db.select({ n: count() }).from(apiTokens).where(personal(userId)).get();
}

/** Deletes every personal token of the user; gives the ids of the rows deleted. */
export function deleteApiTokensOf(db: Db, userId: string) {
  return db.delete(apiTokens).where(personal(userId)).returning({ id: apiTokens.id });
}

export function markApiTokenUsed(db: Db, tokenId: string, now: string) {
  return db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}
