import { CONTACT_PHOTO_PATH, readContactPhoto, storeContactPhoto } from '../contacts/contact-photos';
import type { Deps } from '../deps';
import type { BackupRow } from './backup-format';

type Photo = NonNullable<BackupRow<'contacts'>['photo']>;
/** The largest photo a backup carries as data (base64 characters): a staged row stays under D1's 1 MB. */
export const MAX_PHOTO_BASE64 = 700_000;

/**
 * A photo Kith keeps itself (from a vCard, in R2) as data for the backup: the new account has no
 * copy of it. Null when it is gone or too large; a photo at a web address stays its avatar_url.
 */
export async function photoOf(deps: Deps, avatarUrl: string | null): Promise<Photo | null> {
  if (!avatarUrl?.startsWith(CONTACT_PHOTO_PATH)) return null;
  try {
    const photo = await readContactPhoto(deps, deps.store.userId, avatarUrl.slice(CONTACT_PHOTO_PATH.length));
    const bytes = new Uint8Array(await new Response(photo.body).arrayBuffer());
    if (Math.ceil(bytes.length / 3) * 4 > MAX_PHOTO_BASE64) return null;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { content_type: photo.contentType, base64: btoa(binary) };
  } catch {
    return null;
  }
}

/**
 * The avatar_url a restored contact gets: its photo stored again in this account (same bytes,
 * same address), a web address as it was, and no photo when the file carried none for an
 * address of Kith's own (it would point at nothing here).
 */
export async function restoredAvatar(deps: Deps, avatarUrl: string | null, photo: Photo | null): Promise<string | null> {
  if (photo) {
    const bytes = Uint8Array.from(atob(photo.base64), (c) => c.charCodeAt(0));
    return storeContactPhoto(deps, deps.store.userId, { bytes, contentType: photo.content_type });
  }
  return avatarUrl?.startsWith(CONTACT_PHOTO_PATH) ? null : avatarUrl;
}
