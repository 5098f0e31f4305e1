import type { ContactFieldSourceRow, ContactRow, contactIdentifiers } from '../../db/schema';
import { dateKey, dateValue, identifierKey, scalarKey, tagKey } from './field-values';
import { SOURCE_FIELDS, type FieldSourceView, type SourceField, type SourceKind } from './source-kinds';

type IdentifierRow = typeof contactIdentifiers.$inferSelect;

/** What else a contact holds beside its row and identifiers: its tags and dates. */
export interface HeldLists {
  tags: { contactId: string; tag: string; tagNorm: string }[];
  dates: { month: number; day: number; year: number | null }[];
}

/**
 * The source of each value the contact holds now, in the order of SOURCE_FIELDS (emails, phones,
 * tags and dates in their own order). A value with no source row (written before sources were
 * kept) is absent: nothing is guessed. After a merge the survivor holds both contacts' rows;
 * each value finds its own, the latest when two name it.
 */
export function fieldSourcesOf(
  row: ContactRow,
  idents: IdentifierRow[],
  rows: ContactFieldSourceRow[],
  held: HeldLists = { tags: [], dates: [] },
): FieldSourceView[] {
  const latest = new Map<string, ContactFieldSourceRow>();
  for (const r of rows) {
    const at = `${r.field}\u0000${r.valueKey}`;
    const seen = latest.get(at);
    if (!seen || seen.recordedAt < r.recordedAt) latest.set(at, r);
  }
  const view = (field: SourceField, key: string | null, value: string | null): FieldSourceView[] => {
    const found = key ? latest.get(`${field}\u0000${key}`) : undefined;
    if (!found) return [];
    return [{ field, value, source: found.source as SourceKind, source_ref: found.sourceRef, recorded_at: found.recordedAt }];
  };
  const mine = idents.filter((i) => i.contactId === row.id).sort((a, b) => a.position - b.position);
  const dates = [...new Map(held.dates.map((d) => [dateValue(d), d])).values()];
  return SOURCE_FIELDS.flatMap((field) => {
    if (field === 'email' || field === 'phone')
      return mine.filter((i) => i.kind === field).flatMap((i) => view(field, identifierKey(i.valueNorm), i.value));
    if (field === 'tag') return held.tags.filter((t) => t.contactId === row.id).flatMap((t) => view(field, tagKey(t.tagNorm), t.tag));
    if (field === 'date') return dates.flatMap((d) => view(field, dateKey(d), dateValue(d)));
    return view(field, scalarKey(field, row), null);
  });
}
