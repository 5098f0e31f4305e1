import { limitOfDb } from '../auth/contact-limit';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { photoWornByVisibleContact } from './contact-photo-queries';

// Photos that arrive inside a file (a vCard's base64 PHOTO) have no address of their own:
// they are kept in R2 under their content hash, per user, and served by the app.
const keyOf = (userId: string, hash: string) => `contact-photos/${userId}/${hash}`;
export const CONTACT_PHOTO_PATH = '/api/v1/contact-photos/';
const IMAGE_TYPES = /^image\/(jpeg|png|gif|webp)$/;

/** Stores a photo (idempotent: same bytes, same key) and answers its app URL; null without R2. */
export async function storeContactPhoto(
  deps: Deps,
  userId: string,
  photo: { bytes: Uint8Array<ArrayBuffer>; contentType: string },
): Promise<string | null> {
  const bucket = deps.env.FILES;
  if (!bucket || !IMAGE_TYPES.test(photo.contentType)) return null;
  const digest = await crypto.subtle.digest('SHA-256', photo.bytes);
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  await bucket.put(keyOf(userId, hash), photo.bytes, { httpMetadata: { contentType: photo.contentType } });
  return `${CONTACT_PHOTO_PATH}${hash}`;
}

/** One of the user's stored photos; 404 for a hash the user has not stored, or one only hidden contacts wear to a limited token. */
export async function readContactPhoto(
  deps: Deps,
  userId: string,
  hash: string,
): Promise<{ body: ReadableStream; contentType: string; etag: string }> {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw notFound('Photo');
  if (limitOfDb(deps.db) && !(await photoWornByVisibleContact(deps.db, userId, `${CONTACT_PHOTO_PATH}${hash}`))) throw notFound('Photo');
  const object = await deps.env.FILES?.get(keyOf(userId, hash));
  if (!object) throw notFound('Photo');
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream', etag: object.httpEtag };
}
