import type { Db } from '../../db/client';
import { newId, nowIso, randomSecret, sha256Hex } from '../../db/columns';
import type { Deps } from '../deps';
import { recordSecurityEvent } from '../audit/security-events';
import { notFound } from '../errors';
import { clearCalendarTokenMadeBy, findKeepInTouchSettings } from '../keep-in-touch/keep-in-touch-settings-queries';
import {
  apiTokensOf,
  countApiTokens,
  deleteApiTokensOf,
  deleteTokenAndOffspring,
  insertApiToken,
  markApiTokenUsed,
  tokenAndOffspring,
} from './api-token-queries';
import { markGrantUsed } from '../mcp-oauth/oauth-queries';
import { deleteEndpointsMadeBy } from '../webhooks/webhook-endpoint-queries';
import { shownLimits, storedLimits, tokenLimitsOf } from './token-limits';
import { assertMayGrant, DEFAULT_TOKEN_SCOPES, parseStoredScopes, SESSION_CALLER, storedScopes, type Caller, type Scope } from './scopes';

export const TOKEN_PREFIX = 'kith_';

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  /** The token that minted this one (revoking it revokes this one too); null when made while signed in. */
  created_by_token_id: string | null;
  created_at: string;
  last_used_at: string | null;
  /** Only contacts with one of these tags (normalized); null: every contact (ADR 035). */
  contact_tags: string[] | null;
  /** Never the contacts tagged "private". */
  hide_private: boolean;
  /** The MCP tools it may call; null: every tool its scopes allow. */
  tools: string[] | null;
}

/**
 * Creates a personal access token; the secret is returned once and stored hashed. Without
 * `scopes`, the default (contacts and their data, read and write; never the account). A token
 * minting one hands out only scopes it holds, and the new token is its own (it dies with it).
 */
export async function createToken(
  db: Db,
  userId: string,
  name: string,
  scopes?: readonly Scope[],
  caller: Caller = SESSION_CALLER,
  limits: Parameters<typeof tokenLimitsOf>[0] = {},
) {
  const asked = scopes ?? DEFAULT_TOKEN_SCOPES;
  assertMayGrant(caller, asked);
  const storedRow = storedLimits(tokenLimitsOf(limits, caller));
  const token = TOKEN_PREFIX + randomSecret(32);
  const id = newId();
  const createdAt = nowIso();
  const stored = storedScopes(asked);
  await insertApiToken(db, {
    id,
    userId,
    name: name.trim(),
    tokenHash: await sha256Hex(token),
    tokenPrefix: token.slice(0, 9),
    scopes: stored,
    createdByTokenId: caller.tokenId,
    createdAt,
    ...storedRow,
  });
  return {
    id,
    name: name.trim(),
    token,
    scopes: parseStoredScopes(stored),
    created_by_token_id: caller.tokenId,
    created_at: createdAt,
    ...shownLimits(storedRow),
  };
}

export async function listTokens(db: Db, userId: string): Promise<TokenSummary[]> {
  const rows = await apiTokensOf(db, userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.tokenPrefix,
    scopes: parseStoredScopes(r.scopes),
    created_by_token_id: r.createdByTokenId,
    created_at: r.createdAt,
    last_used_at: r.lastUsedAt,
    ...shownLimits(r),
  }));
}

/**
 * Revokes the token `id` and whatever it made that lets anyone in or sends data out: the tokens
 * it minted (and theirs), the calendar feed it asked for and the webhooks it registered. Those go
 * first: if the last step fails, the token is still listed and can be revoked again.
 */
export async function revokeToken(deps: Deps, id: string): Promise<void> {
  const userId = deps.store.userId;
  const doomed = await tokenAndOffspring(deps.directory.db, userId, id);
  if (doomed.length === 0) throw notFound('Token');
  const feedMadeBy = (await findKeepInTouchSettings(deps.db, userId))?.calendarTokenCreatedBy;
  if (feedMadeBy && doomed.includes(feedMadeBy)) await clearCalendarTokenMadeBy(deps.db, userId, feedMadeBy);
  await deleteEndpointsMadeBy(deps.store, doomed);
  const deleted = await deleteTokenAndOffspring(deps.directory.db, userId, id);
  if (deleted.length === 0) return;
  const name = deleted.find((row) => row.id === id)?.name;
  await recordSecurityEvent(deps, 'token.revoked', { name, count: deleted.length });
  if (feedMadeBy && doomed.includes(feedMadeBy)) await recordSecurityEvent(deps, 'calendar_feed.revoked');
}

/** How many personal access tokens still work (they survive a password change on purpose). */
export async function countTokens(db: Db, userId: string): Promise<number> {
  const row = await countApiTokens(db, userId);
  return row?.n ?? 0;
}

/** Revokes every personal access token of the user, and the calendar feed and webhooks they made; answers how many tokens there were. */
export async function revokeAllTokens(deps: Deps): Promise<number> {
  const userId = deps.store.userId;
  await clearCalendarTokenMadeBy(deps.db, userId, 'any');
  await deleteEndpointsMadeBy(deps.store, 'any');
  const deleted = await deleteApiTokensOf(deps.directory.db, userId);
  return deleted.length;
}

// Record use at most once a minute, so a busy script costs no write per request.
// A connected app's access token also dates its grant, which outlives the hour-long token.
export async function touchToken(
  db: Db,
  tokenId: string,
  lastUsedAt: string | null,
  now: string,
  grantId: string | null = null,
): Promise<void> {
  if (lastUsedAt && Date.parse(now) - Date.parse(lastUsedAt) <= 60_000) return;
  if (grantId) await db.batch([markApiTokenUsed(db, tokenId, now), markGrantUsed(db, grantId, now)]);
  else await markApiTokenUsed(db, tokenId, now);
}
