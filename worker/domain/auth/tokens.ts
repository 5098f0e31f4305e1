import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { apiTokens } from '../../db/schema';
import { notFound } from '../errors';

export const TOKEN_PREFIX = 'kith_';

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** Creates a personal access token; the secret is returned once and stored hashed. */
export async function createToken(db: Db, userId: string, name: string) {
  const token = TOKEN_PREFIX + randomSecret(32);
  const id = newId();
  const createdAt = nowIso();
  await db.insert(apiTokens).values({
    id,
    userId,
    name: name.trim(),
    tokenHash: await sha256Hex(token),
    tokenPrefix: token.slice(0, 9),
    createdAt,
  });
  return { id, name: name.trim(), token, created_at: createdAt };
}

export async function listTokens(db: Db, userId: string): Promise<TokenSummary[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.tokenPrefix, created_at: r.createdAt, last_used_at: r.lastUsedAt }));
}

export async function revokeToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound('Token');
}

/** How many personal access tokens still work (they survive a password change on purpose). */
export async function countTokens(db: Db, userId: string): Promise<number> {
  const row = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get();
  return row?.n ?? 0;
}

/** Revokes every personal access token of the user; answers how many there were. */
export async function revokeAllTokens(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  return deleted.length;
}

// Record use at most once a minute, so a busy script costs no write per request.
export async function touchToken(db: Db, tokenId: string, lastUsedAt: string | null, now: string): Promise<void> {
  if (lastUsedAt && Date.parse(now) - Date.parse(lastUsedAt) <= 60_000) return;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}
