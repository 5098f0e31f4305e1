import type { Deps } from '../deps';
import { notFound } from '../errors';
import { getOrganization } from './organizations';

const keyOf = (userId: string, organizationId: string) => `org-logos/${userId}/${organizationId}`;

/** Stores a logo in R2 (binding FILES) and answers the app URL that serves it. */
export async function storeOrganizationLogo(
  deps: Deps,
  userId: string,
  organizationId: string,
  logo: { bytes: Uint8Array; contentType: string; source: string },
): Promise<string | null> {
  const bucket = deps.env.FILES;
  if (!bucket) return null;
  await bucket.put(keyOf(userId, organizationId), logo.bytes, {
    httpMetadata: { contentType: logo.contentType },
    customMetadata: { source: logo.source.slice(0, 500) },
  });
  // The version query makes browsers fetch a replaced logo instead of their cached one.
  return `/api/v1/organizations/${organizationId}/logo?v=${Date.now().toString(36)}`;
}

/** The stored logo of one of the user's organizations; 404 for anyone else's. */
export async function readOrganizationLogo(
  deps: Deps,
  userId: string,
  organizationId: string,
): Promise<{ body: ReadableStream; contentType: string; etag: string }> {
  await getOrganization(deps.db, userId, organizationId);
  const object = await deps.env.FILES?.get(keyOf(userId, organizationId));
  if (!object) throw notFound('Logo');
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream', etag: object.httpEtag };
}
