import { cookieValue } from '../cookie-value';

/**
 * Which copy of D1 a request reads (docs/decisions/014). Reads (GET, HEAD) open a D1 session at
 * the bookmark the client last saw, so a nearby replica may answer but never one older than the
 * client's own last write; without a bookmark, any copy may answer. Writes open their session
 * on the primary. The answer carries the session's latest bookmark back: a response header for
 * the API, a cookie for pages (and for the API when the browser already holds that cookie, so
 * the page loads after a write through the API see it too). Queue jobs, cron and email use the
 * plain binding, which always reaches the primary. The session and its bookmark are DB's only (a
 * bookmark belongs to one database): a user whose data is on another of USER_DATABASES reads
 * it through that plain binding, at its primary (docs/decisions/015).
 */

export const BOOKMARK_HEADER = 'x-d1-bookmark';
export const BOOKMARK_COOKIE = 'kith_d1_bookmark';

/** Long enough for any write's replication to settle; the cookie is renewed by every page load. */
const COOKIE_MAX_AGE_SECONDS = 86_400;

const READ_METHODS = new Set(['GET', 'HEAD']);

// D1 bookmarks are hyphen-separated hex groups ("00000085-0000024c-00004c6d-8e61117b…"). The
// value comes from the client, so anything else, a session constraint included, is ignored.
const BOOKMARK_SHAPE = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}$/i;
const BOOKMARK_MAX_LENGTH = 160;

/** The bookmark if `value` looks like one D1 gave out, else null. */
export function validBookmark(value: string | null | undefined): string | null {
  if (!value || value.length > BOOKMARK_MAX_LENGTH || !BOOKMARK_SHAPE.test(value)) return null;
  return value;
}

export function bookmarkCookie(bookmark: string, secure: boolean): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_MAX_AGE_SECONDS}${secure ? '; Secure' : ''}`;
}

/**
 * The session as the D1Database the request's code is given (drizzle and the domain use only
 * prepare and batch). exec would go around the session, so it is refused rather than served.
 */
function sessionAsDatabase(primary: D1Database, session: D1DatabaseSession): D1Database {
  const outsideSession = (what: string) =>
    Promise.reject(new Error(`D1 ${what} is not available inside a request's session (worker/db/d1-session.ts)`));
  return {
    prepare: (query) => session.prepare(query),
    batch: (statements) => session.batch(statements),
    exec: () => outsideSession('exec'),
    dump: () => outsideSession('dump'),
    withSession: (constraintOrBookmark) => primary.withSession(constraintOrBookmark),
  };
}

export interface RequestD1 {
  /** What the request's code sees as env.DB: every statement goes through the session. */
  db: D1Database;
  /** Writes the session's latest bookmark onto the answer (mutates and returns it). */
  carryBookmark(response: Response): Response;
}

/** Opens the D1 session of one request to the API (`surface: 'api'`) or to a page. */
export function openRequestD1(primary: D1Database, request: Request, surface: 'api' | 'page'): RequestD1 {
  const sentCookie = cookieValue(request.headers.get('cookie'), BOOKMARK_COOKIE);
  const fromCookie = validBookmark(sentCookie);
  const incoming = (surface === 'api' ? validBookmark(request.headers.get(BOOKMARK_HEADER)) : null) ?? fromCookie;
  const session = primary.withSession(READ_METHODS.has(request.method) ? (incoming ?? 'first-unconstrained') : 'first-primary');
  return {
    db: sessionAsDatabase(primary, session),
    carryBookmark(response) {
      const bookmark = session.getBookmark();
      if (!bookmark) return response;
      if (surface === 'api') response.headers.set(BOOKMARK_HEADER, bookmark);
      // The API sets the cookie only for a browser that already holds one (pages set it first).
      const browser = surface === 'page' || sentCookie !== null;
      if (browser && bookmark !== fromCookie)
        response.headers.append('Set-Cookie', bookmarkCookie(bookmark, new URL(request.url).protocol === 'https:'));
      return response;
    },
  };
}
