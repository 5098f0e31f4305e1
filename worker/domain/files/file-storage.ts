import type { Env } from '../../env';
import { AppError } from '../errors';

// The bytes of contact files, in R2 (binding FILES) under the user's own prefix: one listing of
// that prefix finds every object of the account, so deleting the account leaves none behind.

export const contactFilesPrefix = (userId: string) => `contact-files/${userId}/`;
export const contactFileKey = (userId: string, fileId: string) => `${contactFilesPrefix(userId)}${fileId}`;

/** The prefixes of every R2 object a user's data made: their files, their vCard photos, their organizations' logos. */
export const userObjectPrefixes = (userId: string) => [contactFilesPrefix(userId), `contact-photos/${userId}/`, `org-logos/${userId}/`];

/** The bucket, or 503 in the envelope where the operator has not bound one (wrangler.toml [[r2_buckets]]). */
export function filesBucket(env: Env): R2Bucket {
  if (!env.FILES) throw new AppError('not_configured', 'File storage is not set up on this server (R2 binding FILES)');
  return env.FILES;
}

/** Deletes every object under the prefixes, a listing page (up to 1 000 keys) per delete. */
export async function deleteObjectsUnder(bucket: R2Bucket, prefixes: string[]): Promise<number> {
  let deleted = 0;
  for (const prefix of prefixes) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor });
      if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
      deleted += page.objects.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return deleted;
}
