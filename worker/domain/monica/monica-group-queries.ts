// What a Monica import writes for groups and stay-in-touch frequencies: tags on a group's members
// (or, for a name too long to be a tag, a line of their notes) and keep-in-touch cadences, each
// with its source (ADR 038) and only where Kith has none.
import { tagKey } from '../sources/field-values';
import { valueKey } from '../sources/value-key';

/** Tags `contactIds` with `tag` where they lack it: touched, sourced, then tagged, in one batch. */
export function groupTagStatements(
  d1: D1Database,
  userId: string,
  contactIds: string[],
  tag: string,
  norm: string,
  importId: string,
  now: string,
): D1PreparedStatement[] {
  const ids = JSON.stringify(contactIds);
  const lacking = `FROM json_each(?2) c WHERE NOT EXISTS (SELECT 1 FROM contact_tags t WHERE t.contact_id = c.value AND t.tag_norm = ?3 AND +t.user_id = ?1)`;
  return [
    d1
      .prepare(`UPDATE contacts SET updated_at = ?4 WHERE +user_id = ?1 AND id IN (SELECT c.value ${lacking})`)
      .bind(userId, ids, norm, now),
    d1
      .prepare(
        `INSERT INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
        SELECT lower(hex(randomblob(16))), ?1, c.value, 'tag', ?4, 'monica', ?5, ?6 ${lacking}
        AND NOT EXISTS (SELECT 1 FROM contact_field_sources s WHERE s.contact_id = c.value AND s.field = 'tag' AND s.value_key = ?4 AND +s.user_id = ?1)`,
      )
      .bind(userId, ids, norm, tagKey(norm), importId, now),
    d1
      .prepare(
        `INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
        SELECT ?1, c.value, ?4, ?3 FROM json_each(?2) c WHERE EXISTS (SELECT 1 FROM contacts k WHERE k.id = c.value AND +k.user_id = ?1)`,
      )
      .bind(userId, ids, norm, tag),
  ];
}

export interface ImportedCadence {
  contact_id: string;
  every: number;
  unit: 'day' | 'week' | 'month';
}

/**
 * Sets each contact's cadence where it has none (one the user chose stays), anchored at `today`
 * so it starts due a round from now, and records the import as the source of the cadences it set.
 */
export function importedCadenceStatements(
  d1: D1Database,
  userId: string,
  rows: ImportedCadence[],
  today: string,
  importId: string,
  now: string,
): D1PreparedStatement[] {
  const json = JSON.stringify(rows.map((r) => ({ ...r, key: valueKey(`${r.every} ${r.unit}`) })));
  return [
    d1
      .prepare(
        `UPDATE contacts SET cadence_every = r.every, cadence_unit = r.unit, cadence_anchor = ?3, cadence_snoozed_until = NULL, updated_at = ?4
        FROM (SELECT json_extract(value, '$.contact_id') AS id, json_extract(value, '$.every') AS every, json_extract(value, '$.unit') AS unit FROM json_each(?2)) AS r
        WHERE contacts.id = r.id AND +contacts.user_id = ?1 AND contacts.cadence_every IS NULL`,
      )
      .bind(userId, json, today, now),
    d1
      .prepare(
        `INSERT INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
        SELECT lower(hex(randomblob(16))), ?1, json_extract(v.value, '$.contact_id'), 'cadence', json_extract(v.value, '$.key'), 'monica', ?3, ?4
        FROM json_each(?2) v
        WHERE EXISTS (SELECT 1 FROM contacts c WHERE c.id = json_extract(v.value, '$.contact_id') AND +c.user_id = ?1
            AND c.cadence_every = json_extract(v.value, '$.every') AND c.cadence_unit = json_extract(v.value, '$.unit'))
          AND NOT EXISTS (SELECT 1 FROM contact_field_sources s WHERE s.contact_id = json_extract(v.value, '$.contact_id')
            AND s.field = 'cadence' AND s.value_key = json_extract(v.value, '$.key') AND +s.user_id = ?1)`,
      )
      .bind(userId, json, importId, now),
  ];
}

/** The notes of the contacts `ids`, for a line to go after them. */
export async function notesOfContacts(d1: D1Database, userId: string, ids: string[]): Promise<{ id: string; notes: string | null }[]> {
  const { results } = await d1
    .prepare(`SELECT c.id, c.notes FROM contacts c JOIN json_each(?2) j ON j.value = c.id WHERE +c.user_id = ?1`)
    .bind(userId, JSON.stringify(ids))
    .all<{ id: string; notes: string | null }>();
  return results;
}

/** The notes written, and the import recorded as their source as the upsert records it (ADR 038). */
export function groupNotesStatements(
  d1: D1Database,
  userId: string,
  /** JSON: [{ id, notes, key }], key the notes' value key. */
  rows: string,
  importId: string,
  now: string,
): D1PreparedStatement[] {
  const row = (field: string) => `json_extract(r.value, '$.${field}')`;
  return [
    d1
      .prepare(
        `UPDATE contacts SET notes = ${row('notes')}, updated_at = ?3
        FROM json_each(?2) r WHERE contacts.id = ${row('id')} AND +contacts.user_id = ?1`,
      )
      .bind(userId, rows, now),
    d1
      .prepare(
        `DELETE FROM contact_field_sources WHERE +user_id = ?1 AND field = 'notes'
        AND contact_id IN (SELECT ${row('id')} FROM json_each(?2) r)
        AND contact_id || char(0) || value_key NOT IN (SELECT ${row('id')} || char(0) || ${row('key')} FROM json_each(?2) r)`,
      )
      .bind(userId, rows),
    d1
      .prepare(
        `INSERT INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
        SELECT lower(hex(randomblob(16))), ?1, ${row('id')}, 'notes', ${row('key')}, 'monica', ?3, ?4 FROM json_each(?2) r
        WHERE NOT EXISTS (SELECT 1 FROM contact_field_sources s
          WHERE s.contact_id = ${row('id')} AND s.field = 'notes' AND s.value_key = ${row('key')} AND +s.user_id = ?1)`,
      )
      .bind(userId, rows, importId, now),
  ];
}
