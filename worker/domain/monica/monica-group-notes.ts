import { withLine } from '../contacts/kept-elsewhere';
import type { ValueWarning } from '../contacts/read-contact';
import { NOTES_FULL } from '../contacts/upsert-writes';
import { valueKey } from '../sources/value-key';
import type { GroupNotATag } from './monica-groups';

// A Monica group whose name is longer than a tag may be (ADR 078, 082): its members keep the
// whole name as a "Monica ·" line of their notes, and the import's report says so, where a
// CSV, a vCard or Google sync does the same for a category or a label through readContact.

/** The members' notes with each such group's line, the import as their source, and the report's warnings. */
export async function groupNotesWrites(
  d1: D1Database,
  userId: string,
  importId: string,
  notTags: GroupNotATag[],
  now: string,
): Promise<{ statements: D1PreparedStatement[]; warnings: ValueWarning[] }> {
  const ids = [...new Set(notTags.flatMap((g) => g.contactIds))];
  const notes = new Map<string, string | null>();
  if (ids.length) {
    const { results } = await d1
      .prepare(`SELECT c.id, c.notes FROM contacts c JOIN json_each(?2) j ON j.value = c.id WHERE +c.user_id = ?1`)
      .bind(userId, JSON.stringify(ids))
      .all<{ id: string; notes: string | null }>();
    for (const row of results) notes.set(row.id, row.notes);
  }
  const changed = new Map<string, string | null>();
  const warnings: ValueWarning[] = [];
  for (const group of notTags) {
    const line = `Monica · Group: ${group.name}`;
    const members = group.contactIds.filter((id) => notes.has(id));
    const kept = members.length
      ? `kept in the notes of its ${members.length === 1 ? 'member' : `${members.length} members`}`
      : 'none of its members is in Kith';
    warnings.push({ field: 'Tag', value: group.name, message: `${group.why}; ${kept}` });
    for (const id of members) {
      const before = changed.get(id) ?? notes.get(id) ?? null;
      const after = withLine(before, line);
      if (!after?.includes(line)) warnings.push({ field: 'Notes', value: line, message: NOTES_FULL });
      if (after !== before) changed.set(id, after);
    }
  }
  if (!changed.size) return { statements: [], warnings };
  const rows = JSON.stringify([...changed].map(([id, value]) => ({ id, notes: value, key: value ? valueKey(value) : null })));
  return { statements: groupNotesStatements(d1, userId, rows, importId, now), warnings };
}

/** The notes written, and the import recorded as their source as the upsert records it (ADR 038). */
function groupNotesStatements(d1: D1Database, userId: string, rows: string, importId: string, now: string): D1PreparedStatement[] {
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
