import type { ContactFieldSourceRow, ContactRow, contactIdentifiers } from '../../db/schema';
import { identifierKey, scalarKey } from './field-values';
import { SOURCE_FIELDS, type FieldSourceView, type SourceField, type SourceKind } from './source-kinds';

type IdentifierRow = typeof contactIdentifiers.$inferSelect;

/**
 * The source of each value the contact holds now, in the order of SOURCE_FIELDS (emails and
 * phones in their own order). A value with no source row (written before sources were kept)
 * is absent: nothing is guessed. After a merge the survivor holds both contacts' rows; each
 * value finds its own, the latest when two name it.
 */
export function fieldSourcesOf(row: ContactRow, idents: IdentifierRow[], rows: ContactFieldSourceRow[]): FieldSourceView[] {
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
  return SOURCE_FIELDS.flatMap((field) =>
    field === 'email' || field === 'phone'
      ? mine.filter((i) => i.kind === field).flatMap((i) => view(field, identifierKey(i.valueNorm), i.value))
      : view(field, scalarKey(field, row), null),
  );
}
