import { sql, type SQL } from 'drizzle-orm';
import type { SurvivorBefore } from './merge-record-queries';
import type { RelatedRow } from './merge-snapshot-queries';

// The way back of merge-move-queries.ts: the rows that came from the merged contact (its snapshot in
// the merge's audit entry) go back to it, if they are still on the survivor; what was added to
// the survivor after the merge stays there.

/** Tables given back by their key, as the snapshot names the rows. */
const KEYED: Record<string, string> = {
  reminders: 'id',
  followups: 'id',
  linkedin_outbox: 'id',
  telegram_peers: 'peer_id',
  import_fingerprints: 'fingerprint',
  message_sends: 'idempotency_key',
  dav_kept_properties: 'id',
  contact_field_sources: 'id',
  life_events: 'id',
  contact_files: 'id',
};

/** Every table of MERGE_TABLES that Unmerge gives back (the guard test holds the two lists together). */
export const UNMERGED_TABLES = [
  ...Object.keys(KEYED),
  'contact_identifiers',
  'contact_tags',
  'contact_dates',
  'interactions',
  'messaging_group_members',
  'duplicate_suggestions',
  'duplicate_dismissals',
  'relationships',
];

const json = (v: unknown) => JSON.stringify(v);

export function unmergeMoves(
  userId: string,
  survivorId: string,
  mergedId: string,
  mergeId: string,
  related: Record<string, RelatedRow[]>,
  before: SurvivorBefore,
): SQL[] {
  const rows = (table: string) => related[table] ?? [];
  const idents = rows('contact_identifiers').map((r) => ({ kind: r.kind, value_norm: r.value_norm, value: r.value, position: r.position }));
  // A phone the survivor had too (a shared line, ADR 031) stays on it: the merged contact gets a copy.
  const survivorHad = (r: { kind: unknown; value_norm: unknown }) =>
    r.kind === 'phone' && (before.phones ?? []).includes(String(r.value_norm));
  const copies = idents.filter(survivorHad);
  const moved = idents.filter((r) => !survivorHad(r));
  const tags = rows('contact_tags');
  const addedTags = tags.map((t) => String(t.tag_norm)).filter((t) => !before.tags.includes(t));
  const groups = rows('messaging_group_members').map((g) => String(g.group_id));
  const addedGroups = groups.filter((g) => !before.groups.includes(g));
  const statements: SQL[] = [
    sql`INSERT OR IGNORE INTO contact_identifiers (user_id, kind, value_norm, value, contact_id, position)
        SELECT i.user_id, i.kind, i.value_norm, json_extract(j.value, '$.value'), ${mergedId}, json_extract(j.value, '$.position')
        FROM contact_identifiers i JOIN json_each(${json(copies)}) j
          ON json_extract(j.value, '$.kind') = i.kind AND json_extract(j.value, '$.value_norm') = i.value_norm
        WHERE i.user_id = ${userId} AND i.contact_id = ${survivorId}`,
    sql`UPDATE contact_identifiers SET contact_id = ${mergedId},
          position = (SELECT json_extract(j.value, '$.position') FROM json_each(${json(moved)}) j
            WHERE json_extract(j.value, '$.kind') = contact_identifiers.kind AND json_extract(j.value, '$.value_norm') = contact_identifiers.value_norm)
        WHERE user_id = ${userId} AND contact_id = ${survivorId} AND (kind, value_norm) IN
          (SELECT json_extract(value, '$.kind'), json_extract(value, '$.value_norm') FROM json_each(${json(moved)}))`,
    sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
        SELECT ${userId}, ${mergedId}, json_extract(value, '$.tag'), json_extract(value, '$.tag_norm') FROM json_each(${json(tags)})`,
    sql`DELETE FROM contact_tags WHERE contact_id = ${survivorId} AND tag_norm IN (SELECT value FROM json_each(${json(addedTags)}))`,
    sql`UPDATE interactions SET contact_id = ${mergedId} WHERE user_id = ${userId} AND contact_id = ${survivorId}
          AND id IN (SELECT interaction_id FROM contact_merge_interactions WHERE merge_id = ${mergeId})`,
    sql`INSERT OR IGNORE INTO messaging_group_members (user_id, group_id, contact_id)
        SELECT user_id, id, ${mergedId} FROM messaging_groups WHERE user_id = ${userId} AND id IN (SELECT value FROM json_each(${json(groups)}))`,
    sql`DELETE FROM messaging_group_members WHERE contact_id = ${survivorId} AND group_id IN (SELECT value FROM json_each(${json(addedGroups)}))`,
    ...Object.entries(KEYED).map(([table, key]) => {
      const keys = json(rows(table).map((r) => r[key]));
      return sql`UPDATE ${sql.identifier(table)} SET contact_id = ${mergedId}
        WHERE +user_id = ${userId} AND contact_id = ${survivorId} AND ${sql.identifier(key)} IN (SELECT value FROM json_each(${keys}))`;
    }),
    // Links keep their id on both sides: the merged contact's links that are still the
    // survivor's go back, from both sides. A link the merge dropped as a duplicate of the
    // survivor's own (or one between the two) stays dropped (ADR 020).
    ...(['contact_id', 'other_id'] as const).map(
      (side) => sql`UPDATE relationships SET ${sql.identifier(side)} = ${mergedId}
        WHERE user_id = ${userId} AND ${sql.identifier(side)} = ${survivorId}
          AND id IN (SELECT value FROM json_each(${json(rows('relationships').map((r) => r.id))}))`,
    ),
    // The notes or how-we-met the merge joined go back to what each had: so does the merge's source of them (ADR 038).
    sql`DELETE FROM contact_field_sources WHERE contact_id = ${survivorId} AND +user_id = ${userId} AND source = 'merge' AND source_ref = ${mergeId}`,
    // A source the survivor's later edit of that field forgot comes back with the merged contact's value.
    sql`INSERT OR IGNORE INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
        SELECT j ->> 'id', ${userId}, ${mergedId}, j ->> 'field', j ->> 'value_key', j ->> 'source', j ->> 'source_ref', j ->> 'recorded_at'
        FROM (SELECT value AS j FROM json_each(${json(rows('contact_field_sources'))}))`,
    // A birthday chosen away became a custom date: it is a birthday again.
    ...rows('contact_dates').map(
      (d) => sql`UPDATE contact_dates SET contact_id = ${mergedId}, kind = ${d.kind}, label = ${d.label}
        WHERE user_id = ${userId} AND contact_id = ${survivorId} AND id = ${d.id}`,
    ),
    ...before.droppedDates
      .filter((d) => d.contactId === mergedId)
      .map(
        (d) => sql`INSERT OR IGNORE INTO contact_dates (id, user_id, contact_id, kind, label, month, day, year, created_at)
          VALUES (${d.id}, ${userId}, ${mergedId}, ${d.kind}, ${d.label}, ${d.month}, ${d.day}, ${d.year}, ${d.createdAt})`,
      ),
  ];
  for (const table of ['duplicate_suggestions', 'duplicate_dismissals']) {
    const pairs = json(rows(table));
    const extra = table === 'duplicate_suggestions' ? sql`, reason` : sql``;
    const extraValue = table === 'duplicate_suggestions' ? sql`, json_extract(value, '$.reason')` : sql``;
    // Only pairs whose other contact still exists (it may have been deleted since).
    statements.push(sql`INSERT OR IGNORE INTO ${sql.identifier(table)} (user_id, contact_a, contact_b, created_at${extra})
      SELECT ${userId}, json_extract(value, '$.contact_a'), json_extract(value, '$.contact_b'), json_extract(value, '$.created_at')${extraValue}
      FROM json_each(${pairs})
      WHERE (SELECT count(*) FROM contacts c WHERE c.user_id = ${userId}
        AND c.id IN (json_extract(value, '$.contact_a'), json_extract(value, '$.contact_b'))) = 2`);
  }
  return statements;
}
