// The addresses of the CardDAV tree (ADR 028). Every path names its user, so another user's
// href is simply not found; one address book per user, "kith".

export const DAV_ROOT = '/dav/';
export const WELL_KNOWN = '/.well-known/carddav';

export const principalPath = (userId: string) => `${DAV_ROOT}principals/${userId}/`;
export const homePath = (userId: string) => `${DAV_ROOT}addressbooks/${userId}/`;
export const addressBookPath = (userId: string) => `${homePath(userId)}kith/`;
export const cardPath = (userId: string, name: string) => `${addressBookPath(userId)}${encodeURIComponent(name)}`;

/** What a DAV path names, or null for a path outside the tree's shape. */
export type DavTarget =
  | { kind: 'root' }
  | { kind: 'principals' }
  | { kind: 'principal'; userId: string }
  | { kind: 'home'; userId: string }
  | { kind: 'addressbook'; userId: string }
  | { kind: 'card'; userId: string; name: string };

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

export function parseDavPath(pathname: string): DavTarget | null {
  if (!pathname.startsWith('/dav')) return null;
  const parts = pathname.slice('/dav'.length).split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'root' };
  const [area, userId, book, name, ...rest] = parts;
  if (area === 'principals') {
    if (!userId) return { kind: 'principals' };
    return SEGMENT.test(userId) && parts.length === 2 ? { kind: 'principal', userId } : null;
  }
  if (area !== 'addressbooks' || !userId || !SEGMENT.test(userId) || rest.length) return null;
  if (!book) return { kind: 'home', userId };
  if (book !== 'kith') return null;
  if (!name) return { kind: 'addressbook', userId };
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return null;
  }
  return decoded.length > 0 && decoded.length <= 200 ? { kind: 'card', userId, name: decoded } : null;
}

/** The server address a device is given: the app's own origin (APP_URL when set) and the DAV root. */
export function davServerUrl(appUrl: string | undefined, requestUrl: string): string {
  const origin = appUrl ? new URL(appUrl).origin : new URL(requestUrl).origin;
  return `${origin}${DAV_ROOT}`;
}
