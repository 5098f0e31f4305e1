import type { Db } from '../../db/client';
import { newId, nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { notFound } from '../errors';
import { apiTokensOf, countApiTokens, deleteApiToken, deleteApiTokensOf, insertApiToken, markApiTokenUsed } from './api-token-queries';

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
  await insertApiToken(db, {
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
  const rows = await apiTokensOf(db, userId);
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.tokenPrefix, created_at: r.createdAt, last_used_at: r.lastUsedAt }));
}

export async function revokeToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await deleteApiToken(db, userId, id);
  if (deleted.length === 0) throw notFound('Token');
}

/** How many personal access tokens still work (they survive a password change on purpose). */
export async function countTokens(db: Db, userId: string): Promise<number> {
  const row = await countApiTokens(db, userId);
  return row?.n ?? 0;
}

/** Revokes every personal access token of the user; answers how many there were. */
export async function revokeAllTokens(db: Db, userId: string): Promise<number> {
  const deleted = await deleteApiTokensOf(db, userId);
  return deleted.length;
}

// Record use at most once a minute, so a busy script costs no write per request.
export async function touchToken(db: Db, tokenId: string, lastUsedAt: string | null, now: string): Promise<void> {
  if (lastUsedAt && Date.parse(now) - Date.parse(lastUsedAt) <= 60_000) return;
  await markApiTokenUsed(db, tokenId, now);
}
