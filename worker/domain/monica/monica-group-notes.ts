import { withLine } from '../contacts/kept-elsewhere';
import type { ValueWarning } from '../contacts/read-contact';
import { NOTES_FULL } from '../contacts/upsert-writes';
import { valueKey } from '../sources/value-key';
import { groupNotesStatements, notesOfContacts } from './monica-group-queries';
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
  if (ids.length) for (const row of await notesOfContacts(d1, userId, ids)) notes.set(row.id, row.notes);
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
