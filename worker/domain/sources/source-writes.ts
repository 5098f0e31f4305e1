import type { SQL } from 'drizzle-orm';
import type { ContactRow } from '../../db/schema';
import type { Identifier } from '../contacts/identifiers';
import { dropStaleSourcesStatement, recordSourcesStatement, type SourcedValue } from './field-source-queries';
import { fieldsWritten, identifierKey, scalarKey, tagKey, type FieldValue } from './field-values';
import type { SourceField, ValueSource } from './source-kinds';

const SOURCED_KINDS = new Set<string>(['email', 'phone']);

/**
 * The statements that keep the sources of one contact's write (create or update), to run in its
 * batch before its identifier writes: the values the write changes get `source`, unchanged ones
 * keep theirs, and the sources of values it removed go. `before` is null for a new contact.
 */
export function sourceStatementsOfWrite(
  userId: string,
  contactId: string,
  before: ContactRow | null,
  cols: Partial<ContactRow>,
  identifiers: { kinds: string[]; list: Identifier[] },
  source: ValueSource,
  /** The contact's tags after the write (normalized), when it writes them. */
  tagNorms?: string[],
): SQL[] {
  const after = { ...(before ?? {}), ...cols };
  const fields = fieldsWritten(Object.keys(cols) as (keyof ContactRow)[]);
  const held: FieldValue[] = [];
  const changed: SourcedValue[] = [];
  for (const field of fields) {
    const key = scalarKey(field, after);
    if (!key) continue;
    held.push({ field, key });
    if (!before || scalarKey(field, before) !== key) changed.push({ contactId, field, key });
  }
  const kinds = identifiers.kinds.filter((k) => SOURCED_KINDS.has(k)) as SourceField[];
  for (const ident of identifiers.list) {
    if (!SOURCED_KINDS.has(ident.kind)) continue;
    const value = { field: ident.kind as SourceField, key: identifierKey(ident.valueNorm) };
    held.push(value);
    changed.push({ contactId, ...value, norm: before ? ident.valueNorm : undefined });
  }
  for (const norm of new Set(tagNorms ?? [])) {
    const value = { field: 'tag' as const, key: tagKey(norm) };
    held.push(value);
    changed.push({ contactId, ...value, norm: before ? norm : undefined });
  }
  const tagged: SourceField[] = tagNorms ? ['tag'] : [];
  return [
    recordSourcesStatement(userId, changed, source),
    before ? dropStaleSourcesStatement(userId, contactId, [...fields, ...kinds, ...tagged], held) : null,
  ].filter((s): s is SQL => s !== null);
}

/** What a batched upsert wrote on one contact: its row at the end, the fields it filled, the emails and phones it added. */
export interface UpsertedValues {
  row: ContactRow;
  sourced: Set<SourceField>;
  identifiersAdded: { field: SourceField; norm: string }[];
}

/** The values a batched upsert wrote, as they stand at its end, and the tags it added (ADR 032, 038). */
export function sourcedValues(states: UpsertedValues[], tagsAdded: { contactId: string; tagNorm: string }[]): SourcedValue[] {
  return states
    .flatMap((s) => [
      ...[...s.sourced].flatMap((field) => {
        const key = field === 'email' || field === 'phone' || field === 'tag' || field === 'date' ? null : scalarKey(field, s.row);
        return key ? [{ contactId: s.row.id, field, key }] : [];
      }),
      ...s.identifiersAdded.map((i) => ({ contactId: s.row.id, field: i.field, key: identifierKey(i.norm) })),
    ])
    .concat(tagsAdded.map((t) => ({ contactId: t.contactId, field: 'tag' as const, key: tagKey(t.tagNorm) })));
}

/**
 * The source of the notes and how-we-met a merge joined from several contacts' (ADR 038): the
 * merge, named by its id. A value taken whole from one contact keeps that contact's source,
 * moved with it: run after the merge moved the merged contacts' source rows.
 */
export function joinedByMergeStatement(userId: string, survivorId: string, set: Partial<ContactRow>, mergeId: string): SQL | null {
  const joined = (['notes', 'how_we_met'] as const).flatMap((field) => {
    const key = (field === 'notes' ? set.notes : set.howWeMet) === undefined ? null : scalarKey(field, set);
    return key ? [{ contactId: survivorId, field, key }] : [];
  });
  return recordSourcesStatement(userId, joined, { kind: 'merge', ref: mergeId });
}
