import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { ownedBy } from '../../db/owned-by';
import { contactFieldSources } from '../../db/schema';
import { tagKey, type FieldValue } from './field-values';
import type { ValueSource } from './source-kinds';

// The statements that keep contact_field_sources (migration 0048, ADR 032), written in the batch
// of the change they describe. Rows travel as one JSON parameter, whatever their number.

/** A value a write leaves on a contact. */
export interface SourcedValue extends FieldValue {
  contactId: string;
  /** An email's, phone's or tag's normalized form: recorded only if the contact did not hold it before this batch. */
  norm?: string;
}

/**
 * Records `source` for each value that has no source row yet: a value the write left as it was
 * keeps the source it had (a form saving every field is no new source for the unchanged ones).
 * Run before the batch's identifier writes, so an email the contact held already is no new value.
 */
export function recordSourcesStatement(userId: string, values: SourcedValue[], source: ValueSource): SQL | null {
  const unique = new Map(values.map((v) => [`${v.contactId}\u0000${v.field}\u0000${v.key}`, v]));
  if (unique.size === 0) return null;
  const rows = JSON.stringify([...unique.values()].map((v) => [newId(), v.contactId, v.field, v.key, v.norm ?? null]));
  return sql`INSERT INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
    SELECT j ->> 0, ${userId}, j ->> 1, j ->> 2, j ->> 3, ${source.kind}, ${source.ref ?? null}, ${nowIso()}
    FROM (SELECT value AS j FROM json_each(${rows}))
    WHERE NOT EXISTS (SELECT 1 FROM contact_field_sources s
      WHERE s.contact_id = j ->> 1 AND s.field = j ->> 2 AND s.value_key = j ->> 3 AND +s.user_id = ${userId})
    AND (j ->> 4 IS NULL OR NOT EXISTS (SELECT 1 FROM contact_identifiers i
      WHERE i.contact_id = j ->> 1 AND i.kind = j ->> 2 AND i.value_norm = j ->> 4 AND +i.user_id = ${userId}))
    AND (j ->> 4 IS NULL OR j ->> 2 <> 'tag' OR NOT EXISTS (SELECT 1 FROM contact_tags t
      WHERE t.contact_id = j ->> 1 AND t.tag_norm = j ->> 4 AND +t.user_id = ${userId}))`;
}

/** Forgets the sources of values of `fields` the contact no longer holds (`values` are the ones it holds). */
export function dropStaleSourcesStatement(userId: string, contactId: string, fields: string[], values: FieldValue[]): SQL | null {
  if (fields.length === 0) return null;
  const held = JSON.stringify(values.map((v) => `${v.field}\u0000${v.key}`));
  return sql`DELETE FROM contact_field_sources WHERE contact_id = ${contactId} AND +user_id = ${userId}
    AND field IN (SELECT value FROM json_each(${JSON.stringify(fields)}))
    AND field || char(0) || value_key NOT IN (SELECT value FROM json_each(${held}))`;
}

/** The source rows of one contact (its current values' and, after a merge, the merged contact's too). */
export function sourcesOfContact(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(contactFieldSources)
    .where(and(eq(contactFieldSources.contactId, contactId), ownedBy(contactFieldSources.userId, userId)));
}

/**
 * Records `source` for the tag of `norm` on each of the contacts `ids` that does not carry it yet
 * (a bulk tagging): run before the tags are added. The selection travels as one JSON parameter.
 */
export function recordTagOnContactsStatement(userId: string, ids: string[], norm: string, source: ValueSource): SQL {
  const key = tagKey(norm);
  return sql`INSERT INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
    SELECT lower(hex(randomblob(16))), ${userId}, c.value, 'tag', ${key}, ${source.kind}, ${source.ref ?? null}, ${nowIso()}
    FROM json_each(${JSON.stringify(ids)}) c
    WHERE NOT EXISTS (SELECT 1 FROM contact_tags t WHERE t.contact_id = c.value AND t.tag_norm = ${norm} AND +t.user_id = ${userId})
    AND NOT EXISTS (SELECT 1 FROM contact_field_sources s
      WHERE s.contact_id = c.value AND s.field = 'tag' AND s.value_key = ${key} AND +s.user_id = ${userId})`;
}

/** Forgets the sources of the tags of `norms` on the contacts `ids` (a bulk untagging). */
export function dropTagSourcesStatement(userId: string, ids: string[], norms: string[]): SQL {
  return sql`DELETE FROM contact_field_sources WHERE +user_id = ${userId} AND field = 'tag'
    AND value_key IN (SELECT value FROM json_each(${JSON.stringify(norms.map(tagKey))}))
    AND contact_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * The sources of a tag renamed on every contact (the tags page): each contact's tag keeps its
 * source under the new name; `toNorm` null forgets them (the tag deleted). Run before the tag
 * rows change: the contacts are found through the tag's index.
 */
export function renameTagSourcesStatement(userId: string, fromNorm: string, toNorm: string | null): SQL {
  const where = sql`+user_id = ${userId} AND field = 'tag' AND value_key = ${tagKey(fromNorm)}
    AND contact_id IN (SELECT contact_id FROM contact_tags WHERE user_id = ${userId} AND tag_norm = ${fromNorm})`;
  return toNorm === null
    ? sql`DELETE FROM contact_field_sources WHERE ${where}`
    : sql`UPDATE contact_field_sources SET value_key = ${tagKey(toNorm)} WHERE ${where}`;
}
