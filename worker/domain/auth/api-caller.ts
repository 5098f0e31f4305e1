import type { Db } from '../../db/client';
import { nowIso, sha256Hex } from '../../db/columns';
import type { Settings } from '../../env';
import { assertUnderLimit, hitRateLimit, rateWindow } from './rate-limit';
import { findSessionCallerAndCountHit, findTokenCallerAndCountHit, type CallerRow } from './rate-limit-queries';
import { contactLimitOf } from './contact-limit';
import { parseStoredScopes, SESSION_CALLER, type Caller } from './scopes';
import { TOKEN_PREFIX, touchToken } from './tokens';
import type { PublicUser } from './users';

/** How an API request proves who it is: a personal access token or the session cookie. */
export type ApiCredential = { kind: 'token' | 'session'; secret: string };

export interface ApiLimit {
  perMinute: number;
  /** The fixed window the limit counts in (a minute in production). */
  windowSeconds: number;
  message: string;
  /** Each connected app's own budget in the same window (MCP_CLIENT_RATE_LIMIT_PER_MINUTE, ADR 042). */
  perClient?: number;
}

/** The per-user API limit (API_RATE_LIMIT_PER_MINUTE in its window), the one budget the API and the /contacts search draw on. */
export const apiLimitOf = (settings: Settings): ApiLimit => ({
  perMinute: settings.API_RATE_LIMIT_PER_MINUTE,
  windowSeconds: settings.API_RATE_LIMIT_WINDOW_SECONDS,
  message: 'Too many requests; wait a moment',
  perClient: settings.MCP_CLIENT_RATE_LIMIT_PER_MINUTE,
});

/** The key of a user's API counter in rate_limits (rate-limit-queries.ts builds the same one in SQL). */
export const apiLimitKey = (userId: string) => `api:${userId}`;

/** Counts one request of an already signed-in user (a page that searches as the user types) against their API limit. */
export async function countApiCall(db: Db, settings: Settings, userId: string): Promise<void> {
  const limit = apiLimitOf(settings);
  await hitRateLimit(db, apiLimitKey(userId), limit.perMinute, limit.windowSeconds, limit.message);
}

// Every API request pays for this lookup, so finding the caller and counting the request
// against their limit share one D1 round trip. The counter's key comes from the same row the
// user does: an unknown or expired credential counts nothing.
const LOOKUP: Record<ApiCredential['kind'], (db: Db, hash: string, windowStart: number, now: string) => D1PreparedStatement[]> = {
  token: findTokenCallerAndCountHit,
  session: findSessionCallerAndCountHit,
};

/** Who an API request is from: the user, and what the credential may do (a session: everything). */
export interface ApiCaller {
  user: PublicUser;
  caller: Caller;
}

/**
 * The user behind an API credential with its scopes, or null when it is unknown, revoked or
 * expired. Throws RateLimitedError (429 + Retry-After) when the user is over their per-minute limit.
 */
export async function findApiCaller(db: Db, credential: ApiCredential, limit: ApiLimit): Promise<ApiCaller | null> {
  if (credential.kind === 'token' && !credential.secret.startsWith(TOKEN_PREFIX)) return null;
  const hash = await sha256Hex(credential.secret);
  const window = rateWindow(limit.windowSeconds);
  const now = nowIso();
  const [found, counted, countedForClient] = await db.$client.batch(LOOKUP[credential.kind](db, hash, window.windowStart, now));
  const row = found?.results[0] as CallerRow | undefined;
  if (!row) return null;
  assertUnderLimit((counted?.results[0] as { count: number } | undefined)?.count, limit.perMinute, window, limit.message);
  const clientCount = (countedForClient?.results[0] as { count: number } | undefined)?.count;
  if (row.oauth_grant_id && limit.perClient)
    assertUnderLimit(
      clientCount,
      limit.perClient,
      window,
      `“${row.token_name}” has made its ${limit.perClient} requests for this minute (each connected app has its own budget, apart from yours); try again in ${window.retryAfterSeconds} s`,
    );
  if (row.token_id) await touchToken(db, row.token_id, row.last_used_at, now, row.oauth_grant_id ?? null);
  const user = { id: row.id, email: row.email, name: row.name, time_zone: row.time_zone, created_at: row.created_at };
  const caller: Caller = row.token_id
    ? {
        kind: 'token',
        tokenId: row.token_id,
        clientName: row.token_name ?? null,
        scopes: parseStoredScopes(row.scopes ?? ''),
        contactLimit: contactLimitOf({ contactTags: row.contact_tags, hidePrivate: row.hide_private ?? 0 }),
        tools: row.tools === null ? null : row.tools.split(' ').filter(Boolean),
        oauthGrantId: row.oauth_grant_id ?? null,
      }
    : SESSION_CALLER;
  return { user, caller };
}
