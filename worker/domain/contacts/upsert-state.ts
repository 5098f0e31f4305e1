import type { ContactRow, IdentifierKind } from '../../db/schema';
import type { Deps } from '../deps';
import { identifierKey, scalarKey, type Scalar } from '../sources/field-values';
import type { SourceField, SourceKind } from '../sources/source-kinds';
import { matchedContactRows, matchedIdentifierPositions, matchedSourcesOfKind, matchedTagNorms } from './contact-upsert-queries';
import { newContactRow } from './save-contact';

// Fields with many values per contact: their sources name each value, not the field's one value.
const MANY = new Set(['email', 'phone', 'tag', 'date']);

/** A contact as a batched upsert holds it: its row as it will be written and what the batch gave it. */
export interface ContactState {
  row: ContactRow;
  isNew: boolean;
  changed: boolean;
  tags: Set<string>;
  nextPosition: number;
  /** Its phones (normalized), so a number it has in another form is not added twice. */
  phones: string[];
  /** The fields this batch gave it a value for, and the emails and phones it added: their source is this batch's (its tags' too). */
  sourced: Set<SourceField>;
  identifiersAdded: { field: SourceField; norm: string }[];
  /** The one-value fields whose value as it stands was written by the refreshing source (loaded only for a refresh). */
  owned: Set<SourceField>;
  /** Its emails, phones and handles as they stand, with their order. */
  identifiers: HeldIdentifier[];
  /** The emails and phones the refreshing source gave it (`ownedValueKey`; loaded only for a refresh). */
  ownedValues: Set<string>;
}

/** An identifier a contact holds. */
export interface HeldIdentifier {
  kind: IdentifierKind;
  valueNorm: string;
  position: number;
}

/** How `ownedValues` names an email or phone. */
export const ownedValueKey = (kind: string, valueNorm: string) => `${kind}\u0000${identifierKey(valueNorm)}`;

/** A contact the batch creates, with the same row rules as createContact. */
export function newContactState(userId: string, id: string, source: string): ContactState {
  const row = newContactRow(userId, id, {}, null, source);
  return {
    row,
    isNew: true,
    changed: true,
    tags: new Set(),
    nextPosition: 0,
    phones: [],
    sourced: new Set(),
    identifiersAdded: [],
    owned: new Set(),
    identifiers: [],
    ownedValues: new Set(),
  };
}

/**
 * Current rows, tags and identifier positions of the matched contacts (90 ids per query for D1);
 * with `refresher`, also which of their values that source kind wrote, in the same round trip.
 */
export async function loadStates(deps: Deps, userId: string, ids: string[], refresher?: SourceKind): Promise<Map<string, ContactState>> {
  const { db } = deps;
  const states = new Map<string, ContactState>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const reads = [
      matchedContactRows(db, userId, chunk),
      matchedIdentifierPositions(db, userId, chunk),
      matchedTagNorms(db, userId, chunk),
    ] as const;
    const [rows, idents, tags, sources] = refresher
      ? await db.batch([...reads, matchedSourcesOfKind(db, userId, chunk, refresher)])
      : [...(await db.batch(reads)), []];
    for (const row of rows) {
      const own = idents.filter((x) => x.contactId === row.id);
      const sourcedHere = sources.filter((s) => s.contactId === row.id);
      const positions = own.map((x) => x.position);
      states.set(row.id, {
        row: { ...row },
        isNew: false,
        changed: false,
        tags: new Set(tags.filter((t) => t.contactId === row.id).map((t) => t.tagNorm)),
        nextPosition: positions.length ? Math.max(...positions) + 1 : 0,
        phones: own.filter((x) => x.kind === 'phone').map((x) => x.valueNorm),
        sourced: new Set(),
        identifiersAdded: [],
        owned: new Set(
          sourcedHere
            .filter((s) => !MANY.has(s.field) && s.valueKey === scalarKey(s.field as Scalar, row))
            .map((s) => s.field as SourceField),
        ),
        identifiers: own.map((x) => ({ kind: x.kind, valueNorm: x.valueNorm, position: x.position })),
        ownedValues: new Set(
          own
            .filter((x) => sourcedHere.some((s) => s.field === x.kind && s.valueKey === identifierKey(x.valueNorm)))
            .map((x) => ownedValueKey(x.kind, x.valueNorm)),
        ),
      });
    }
  }
  return states;
}
