import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { apiTokens, users } from '../../db/schema';
import { notFound } from '../errors';
import { toPublicUser, type PublicUser } from './users';

const TOKEN_PREFIX = 'kith_';

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
  const deleted = await db.delete(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId))).returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound('Token');
}

export async function findTokenUser(db: Db, token: string): Promise<PublicUser | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const hash = await sha256Hex(token);
  const row = await db
    .select({ user: users, tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hash))
    .get();
  if (!row) return null;
  // Record use at most once a minute, so a busy script costs no write per request.
  const now = nowIso();
  if (!row.lastUsedAt || Date.parse(now) - Date.parse(row.lastUsedAt) > 60_000) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  return toPublicUser(row.user);
}
