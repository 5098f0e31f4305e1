import { EXPIRED_TOMBSTONES } from '../changes/change-feed-queries';

/**
 * Deletes the card names phones gave contacts whose tombstones the same sweep step drops (ADR
 * 028): once the tombstone is gone no sync-collection can name the href, so the row has no use.
 * A contact that exists again (an unmerge) keeps its name; so does an organization (ADR 054).
 */
export function sweepDavResourcesStatement(d1: D1Database, before: string, limit: number): D1PreparedStatement {
  return d1
    .prepare(
      `DELETE FROM dav_resources WHERE (user_id, contact_id) IN (SELECT user_id, contact_id FROM (${EXPIRED_TOMBSTONES}))
         AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = dav_resources.contact_id)
         AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = dav_resources.contact_id)`,
    )
    .bind(before, limit);
}
