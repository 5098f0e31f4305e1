// What a Monica re-import rewrites (ADR 057): timeline entries and relationships Kith already
// has from the instance, brought up to what Monica says now. Each page's rows travel as one
// JSON parameter; the unique (user_id, source, external_id) index and the relationships'
// primary key find the rows.
import type { RefreshedEntry } from './monica-history';
import type { RelationshipSideRow } from './monica-queries';

/**
 * Timeline entries from Monica take Monica's subject, text and date where they differ and Monica
 * changed the record after Kith's copy was last written (an edit made in Kith since stays).
 */
export function refreshEntriesStatement(d1: D1Database, userId: string, rows: RefreshedEntry[], now: string): D1PreparedStatement {
  return d1
    .prepare(
      // The page's rows first (MATERIALIZED), each entry then found by its unique index: joined
      // the other way, SQLite read every Monica entry of the user once per row of the page.
      `WITH v AS MATERIALIZED (SELECT value ->> 'external_id' AS external_id, value ->> 'subject' AS subject, value ->> 'body' AS body,
          value ->> 'occurred_at' AS occurred_at, value ->> 'changed_at' AS changed_at FROM json_each(?2))
      UPDATE interactions SET subject = v.subject, body = v.body, occurred_at = v.occurred_at, updated_at = ?3
        FROM v
        WHERE interactions.user_id = ?1 AND interactions.source = 'monica' AND interactions.external_id = v.external_id
          AND (interactions.subject IS NOT v.subject OR interactions.body IS NOT v.body OR interactions.occurred_at <> v.occurred_at)
          AND coalesce(v.changed_at, '9') > interactions.updated_at`,
    )
    .bind(userId, JSON.stringify(rows), now);
}

/** Reminders made from Monica tasks that are done in Monica now: done in Kith too, unless already resolved. */
export function finishTaskRemindersStatement(d1: D1Database, userId: string, keys: string[], now: string): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE reminders SET status = 'done', resolved_at = ?3
        WHERE user_id = ?1 AND source_key IN (SELECT value FROM json_each(?2)) AND status IN ('pending', 'snoozed')`,
    )
    .bind(userId, JSON.stringify(keys), now);
}

/**
 * Relationship sides Kith has under these ids (one per pair of Monica contacts, ADR 057) take the
 * kind, label and date Monica gives them now. OR IGNORE: a side that would then repeat another
 * of the contact's (same other, kind and label) is left as it is.
 */
export function refreshRelationshipsStatement(
  d1: D1Database,
  userId: string,
  rows: RelationshipSideRow[],
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      // The page's sides first, each then found by its primary key (as for timeline entries above).
      `WITH v AS MATERIALIZED (SELECT value ->> 'id' AS id, value ->> 'contact_id' AS contact_id, value ->> 'kind' AS kind,
          value ->> 'label' AS label, value ->> 'since' AS since FROM json_each(?2))
      UPDATE OR IGNORE relationships SET kind = v.kind, label = v.label, since = v.since, updated_at = ?3
        FROM v
        WHERE relationships.user_id = ?1 AND relationships.id = v.id AND relationships.contact_id = v.contact_id
          AND (relationships.kind <> v.kind OR relationships.label IS NOT v.label OR relationships.since IS NOT v.since)`,
    )
    .bind(userId, JSON.stringify(rows), now);
}
