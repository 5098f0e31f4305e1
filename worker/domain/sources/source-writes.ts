import type { SQL } from 'drizzle-orm';
import type { ContactRow } from '../../db/schema';
import type { Identifier } from '../contacts/identifiers';
import { dropStaleSourcesStatement, recordSourcesStatement, type SourcedValue } from './field-source-queries';
import { fieldsWritten, identifierKey, scalarKey, type FieldValue } from './field-values';
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
  return [
    recordSourcesStatement(userId, changed, source),
    before ? dropStaleSourcesStatement(userId, contactId, [...fields, ...kinds], held) : null,
  ].filter((s): s is SQL => s !== null);
}

/** What a batched upsert wrote on one contact: its row at the end, the fields it filled, the emails and phones it added. */
export interface UpsertedValues {
  row: ContactRow;
  sourced: Set<SourceField>;
  identifiersAdded: { field: SourceField; norm: string }[];
}

/** The values a batched upsert wrote, as they stand at its end (ADR 032). */
export function sourcedValues(states: UpsertedValues[]): SourcedValue[] {
  return states.flatMap((s) => [
    ...[...s.sourced].flatMap((field) => {
      const key = field === 'email' || field === 'phone' ? null : scalarKey(field, s.row);
      return key ? [{ contactId: s.row.id, field, key }] : [];
    }),
    ...s.identifiersAdded.map((i) => ({ contactId: s.row.id, field: i.field, key: identifierKey(i.norm) })),
  ]);
}
