import { assignedDatabase } from '../../db/stores';
import { apiLimitOf } from '../auth/api-caller';
import { assertUnderLimit, rateWindow } from '../auth/rate-limit';
import type { Caller } from '../auth/scopes';
import type { PublicUser } from '../auth/users';
import { depsOnDatabase, type Deps, type ServerDeps } from '../deps';
import { signInStatements, type SignInRow } from './app-password-queries';
import { hashAppPassword } from './app-passwords';
import { davSourceBudget } from './dav-sign-in-throttle';

/** A password's last use is written at most this often (the list in Settings shows it to the minute). */
const LAST_USED_EVERY_MS = 60_000;

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
 * source, which past its budget is answered 429 instead); a right one always gets in, whatever its
 * source's count (ADR 050). Each request counts against the user's API limit (429 past it), and the
 * password's last use is kept once a minute. All of it is one D1 round trip (ADR 046): the password
 * with its account and database, the API counter's hit and the last use, in one batch.
 */
export async function signInToDav(server: ServerDeps, request: Request): Promise<DavCaller | null> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return null;
  const directory = server.directory;
  const source = davSourceBudget(directory.db, server.settings.AUTH_RATE_LIMIT_PER_15_MIN, request);
  const credentials = basicCredentials(authorization);
  if (!credentials || credentials.password.length > 200) {
    await source.failed();
    return null;
  }
  const email = credentials.username.trim().toLowerCase();
  const limit = apiLimitOf(server.settings);
  const window = rateWindow(limit.windowSeconds);
  const now = Date.now();
  const [found, hit] = await directory.d1.batch([
    ...signInStatements(
      directory.db,
      await hashAppPassword(credentials.password),
      email,
      window.windowStart,
      new Date(now).toISOString(),
      new Date(now - LAST_USED_EVERY_MS).toISOString(),
    ),
  ]);
  const row = found?.results[0] as SignInRow | undefined;
  if (!row || row.email.toLowerCase() !== email) {
    await source.failed();
    return null;
  }
  assertUnderLimit((hit?.results[0] as { count: number } | undefined)?.count, limit.perMinute, window, limit.message);
  const user: PublicUser = { id: row.userId, email: row.email, name: row.userName, time_zone: row.timeZone, created_at: row.userCreatedAt };
  return {
    user,
    deps: depsOnDatabase(server, assignedDatabase(server.env, row.database), row.userId),
    appPasswordId: row.id,
    device: row.name,
    caller: { kind: 'app_password', tokenId: null, scopes: ['dav'] },
  };
}
