import { nowIso } from '../../db/columns';
import { apiLimitKey, apiLimitOf } from '../auth/api-caller';
import { hitRateLimit } from '../auth/rate-limit';
import type { Caller } from '../auth/scopes';
import type { PublicUser } from '../auth/users';
import { depsForUser, type Deps, type ServerDeps } from '../deps';
import { appPasswordByHash, markAppPasswordUsed } from './app-password-queries';
import { hashAppPassword } from './app-passwords';
import { davSourceBudget } from './dav-sign-in-throttle';

/** Who a DAV request is from: the account, the device's sync password, and what it may do (only `dav`). */
export interface DavCaller {
  user: PublicUser;
  deps: Deps;
  appPasswordId: string;
  /** The device the password was made for: the audit log names it on every write. */
  device: string;
  caller: Caller;
}

/** The user name and password of a Basic Authorization header (UTF-8), or null. */
export function basicCredentials(header: string | null): { username: string; password: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]{1,1000})\s*$/i);
  if (!match) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The caller behind Basic credentials: a sync password of the account whose email is the user
 * name (ADR 028); never the account password. Null when either is wrong (a failure of its
 * source, which past its budget is answered 429 instead); a right one always gets in. Each request counts
 * against the user's API limit (429 past it), and the password's last use is kept once a minute.
 */
export async function signInToDav(server: ServerDeps, request: Request): Promise<DavCaller | null> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return null;
  const budget = davSourceBudget(server.directory.db, server.settings.AUTH_RATE_LIMIT_PER_15_MIN, request);
  const credentials = basicCredentials(authorization);
  const row =
    credentials && credentials.password.length <= 200
      ? await appPasswordByHash(server.directory.db, await hashAppPassword(credentials.password))
      : null;
  if (!row || row.email.toLowerCase() !== credentials!.username.trim().toLowerCase()) {
    await budget.failed();
    return null;
  }
  const limit = apiLimitOf(server.settings);
  await hitRateLimit(server.directory.db, apiLimitKey(row.userId), limit.perMinute, limit.windowSeconds, limit.message);
  const now = nowIso();
  if (!row.lastUsedAt || Date.parse(now) - Date.parse(row.lastUsedAt) > 60_000) await markAppPasswordUsed(server.directory.db, row.id, now);
  const user: PublicUser = { id: row.userId, email: row.email, name: row.userName, time_zone: row.timeZone, created_at: row.userCreatedAt };
  return {
    user,
    deps: await depsForUser(server, row.userId),
    appPasswordId: row.id,
    device: row.name,
    caller: { kind: 'app_password', tokenId: null, scopes: ['dav'] },
  };
}
