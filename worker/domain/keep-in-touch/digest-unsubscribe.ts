import type { Db } from '../../db/client';
import { randomSecret } from '../../db/columns';
import { depsForUser, type ServerDeps } from '../deps';
import { digestKeyOf, saveDigestKey, turnOffWeeklyDigest } from './keep-in-touch-settings-queries';

// The weekly digest's unsubscribe link (issue 41 item 9): "<user id>.<expiry>.<HMAC>", signed
// with the user's own digest key, valid without signing in until the expiry. Opening it only
// shows a confirmation page; the POST from that page, or a mail client's one-click POST
// (RFC 8058, List-Unsubscribe-Post), turns the digest off. So a link scanner that opens every
// URL of an email unsubscribes nobody, and an old email's link stops working.

/** How long a digest's unsubscribe link works: about two months of weekly emails. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

const enc = new TextEncoder();
const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

async function sign(key: string, userId: string, expires: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return b64url(await crypto.subtle.sign('HMAC', k, enc.encode(`digest-unsubscribe:${userId}:${expires}`)));
}

/** Compares without stopping at the first difference (no timing hint to a guesser). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The unsubscribe link's token for a digest sent at `now`. */
export async function unsubscribeToken(db: Db, userId: string, now = new Date()): Promise<string> {
  let row = await digestKeyOf(db, userId);
  if (!row?.key) {
    const key = randomSecret(32);
    await saveDigestKey(db, userId, key);
    row = { key };
  }
  const expires = Math.floor(now.getTime() / 1000 + UNSUBSCRIBE_LINK_DAYS * 86_400).toString(36);
  return `${userId}.${expires}.${await sign(row.key!, userId, expires)}`;
}

/** The user a token names when it verifies and has not expired; else null. */
async function verifiedUser(server: ServerDeps, token: string, now: Date) {
  const [userId, expires, mac, ...rest] = token.split('.');
  if (!userId || !expires || !mac || rest.length || token.length > 200) return null;
  const expiresAt = parseInt(expires, 36);
  if (!Number.isFinite(expiresAt) || expiresAt * 1000 <= now.getTime()) return null;
  const deps = await depsForUser(server, userId);
  const row = await digestKeyOf(deps.db, userId);
  if (!row?.key || !sameText(await sign(row.key, userId, expires), mac)) return null;
  return deps;
}

/** Whether the link still works (the confirmation page shows its button only then). */
export async function isUnsubscribeTokenValid(server: ServerDeps, token: string, now = new Date()): Promise<boolean> {
  return (await verifiedUser(server, token, now)) !== null;
}

/** Turns the digest off for the token's user; false for a token that does not verify or has expired. */
export async function unsubscribeFromDigest(server: ServerDeps, token: string, now = new Date()): Promise<boolean> {
  const deps = await verifiedUser(server, token, now);
  if (!deps) return false;
  await turnOffWeeklyDigest(deps.db, deps.store.userId);
  return true;
}
