import type { IdentifierKind } from '../../db/schema';
import type { SuggestedPair } from '../duplicates/duplicate-suggestions';
import { CONTACT_LIMITS } from './contact-values';
import type { Identifier } from './identifiers';
import type { ValueWarning } from './read-contact';

const KIND_LABELS: Record<IdentifierKind, string> = {
  email: 'Email',
  phone: 'Phone',
  telegram: 'Telegram',
  twitter: 'Twitter',
  linkedin: 'LinkedIn URL',
};
export const SHARED_NOTE_PREFIX = 'Imported values already on another contact: ';
/** Notes with `line` added as a paragraph of its own, unless they already hold it (a re-import adds nothing). */
export function withLine(notes: string | null, line: string): string | null {
  if (notes?.includes(line)) return notes;
  return (notes?.trim() ? `${notes.trimEnd()}\n\n${line}` : line).slice(0, CONTACT_LIMITS.notes);
}

/**
 * A labelled line ("Monica · Nickname: Countess") in place of the notes' line with its label,
 * or added once when the notes have none: a re-import shows the value as it reads now.
 * `placed`: the lines the same record placed before this one.
 */
export function withLabelledLine(notes: string | null, line: string, placed: Set<string>): string | null {
  const colon = line.indexOf(': ');
  if (colon < 0 || !notes || notes.includes(line)) return withLine(notes, line);
  const label = line.slice(0, colon + 2);
  const lines = notes.split('\n');
  // Lines this record already placed stay: two addresses of one label both show.
  const at = lines.findIndex((l) => l.startsWith(label) && !placed.has(l));
  if (at < 0) return withLine(notes, line);
  lines[at] = line;
  return lines.join('\n').slice(0, CONTACT_LIMITS.notes);
}

/**
 * What becomes of a record's emails and handles that already belong to another contact (ADR
 * 013; a phone is kept on both, ADR 031): they stay where they are; the record's contact keeps
 * them in a notes line, each pair is suggested as a possible duplicate, and each value is a
 * warning of the import. `apart`: the owners the record was kept apart from (phone, other name).
 */
export function keptElsewhere(
  contactId: string,
  shared: { ident: Identifier; otherId: string }[],
  apart: string[],
  nameOf: (contactId: string) => string,
): { line: string | null; pairs: SuggestedPair[]; warnings: ValueWarning[] } {
  if (shared.length === 0) return { line: null, pairs: [], warnings: [] };
  const line = SHARED_NOTE_PREFIX + shared.map((x) => `${KIND_LABELS[x.ident.kind]}: ${x.ident.value} (${nameOf(x.otherId)})`).join('; ');
  const pairs = shared.map(({ ident, otherId }) => ({
    a: contactId,
    b: otherId,
    reason: `same ${KIND_LABELS[ident.kind].toLowerCase()} (${ident.value})`,
  }));
  const warnings = shared.map(({ ident, otherId }) => {
    const kind = KIND_LABELS[ident.kind];
    const other = nameOf(otherId);
    return {
      field: kind,
      value: ident.value,
      message: apart.includes(otherId)
        ? `is already on ${other}, whose name is different: imported as a separate contact and flagged as a possible duplicate; the ${kind.toLowerCase()} stays on ${other} and is kept in this contact's notes`
        : `is already on ${other}: it stays there and is kept in this contact's notes; both are flagged as possible duplicates`,
    };
  });
  return { line, pairs, warnings };
}
