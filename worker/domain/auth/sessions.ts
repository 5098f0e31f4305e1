import type { Db } from '../../db/client';
import { nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { deleteSession, insertSession, userOfSession } from './session-queries';
import { toPublicUser, type PublicUser } from './users';
import { cookieValue } from '../../cookie-value';

export const SESSION_COOKIE = 'kith_session';
const SESSION_DAYS = 30;

/** Creates a server-side session; only the SHA-256 of the returned token is stored. */
export async function createSession(db: Db, userId: string, userAgent?: string | null) {
  const token = randomSecret(32);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString();
  await insertSession(db, {
    id: await sha256Hex(token),
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    createdAt: now.toISOString(),
    expiresAt,
    lastSeenAt: now.toISOString(),
  });
  return { token, expiresAt };
}

export async function findSessionUser(db: Db, token: string): Promise<PublicUser | null> {
  const row = await userOfSession(db, await sha256Hex(token), nowIso());
  return row ? toPublicUser(row.user) : null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, await sha256Hex(token));
}

export function sessionCookie(token: string, expiresAt: string, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Expires=${new Date(expiresAt).toUTCString()}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  return cookieValue(cookieHeader, SESSION_COOKIE);
}
