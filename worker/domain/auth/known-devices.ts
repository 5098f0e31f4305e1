import type { Db } from '../../db/client';
import { nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { cookieValue } from '../../cookie-value';
import { insertKnownDevice, knownDeviceWithEmail, touchKnownDevice } from './known-device-queries';

// A browser that signed in to an account before keeps a long-lived, HttpOnly `kith_device`
// cookie (random; its SHA-256 in known_devices). It is no way in by itself: it only lets its
// owner past the slowdown strangers' failures put on the address (docs/decisions/007), and a
// sign-in without it is a "new device" security event.

export const DEVICE_COOKIE = 'kith_device';
const DEVICE_DAYS = 365;

export interface KnownDevice {
  id: string;
  userId: string;
}

export function readDeviceToken(request: Request): string | null {
  const token = cookieValue(request.headers.get('cookie'), DEVICE_COOKIE);
  return token && token.length <= 100 ? token : null;
}

/** The request's known device if it signed in to the account of `email` before; else null. */
export async function knownDeviceFor(db: Db, request: Request, email: string): Promise<KnownDevice | null> {
  const token = readDeviceToken(request);
  if (!token) return null;
  const row = await knownDeviceWithEmail(db, await sha256Hex(token));
  return row && row.email.toLowerCase() === email.trim().toLowerCase() ? { id: row.id, userId: row.userId } : null;
}

/** What a completed sign-in did with the device: a cookie to set when the device is new. */
export type DeviceAtSignIn = { known: true } | { known: false; token: string; expiresAt: string };

/**
 * After a complete sign-in (password, and code when two-factor is on): a device this account
 * knows is touched; any other becomes known, and the caller sets its cookie.
 */
export async function rememberDevice(db: Db, userId: string, request: Request): Promise<DeviceAtSignIn> {
  const presented = readDeviceToken(request);
  const now = nowIso();
  if (presented) {
    const touched = await touchKnownDevice(db, await sha256Hex(presented), userId, now);
    if (touched.length > 0) return { known: true };
  }
  const token = randomSecret(32);
  await insertKnownDevice(db, {
    id: await sha256Hex(token),
    userId,
    userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
    createdAt: now,
    lastUsedAt: now,
  });
  return { known: false, token, expiresAt: new Date(Date.now() + DEVICE_DAYS * 86_400_000).toISOString() };
}

export function deviceCookie(device: DeviceAtSignIn, secure: boolean): string | null {
  if (device.known) return null;
  const parts = [
    `${DEVICE_COOKIE}=${device.token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Expires=${new Date(device.expiresAt).toUTCString()}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
