import type { ValueWarning } from '../contacts/read-contact';

// Round four (ADR 078): a value an import must cut to fit its column (a date's label, a related
// person's name or tie, a photo's address) is cut only with a warning in the import's report, and
// its whole text goes to the contact's notes, as readContact does for a name or a company.

/** A value cut to fit, before it was cut. */
export interface CutValue {
  field: string;
  whole: string;
  max: number;
  /** Not cut but left out of its field: a cut web address would lead nowhere. */
  leftOut?: boolean;
}

export const CUT_NOTE_PREFIX = 'Imported values too long for their field, in full: ';

/** The text cut to `max` characters; the whole value listed in `cut` when it did not fit. */
export function fitted(field: string, value: string, max: number, cut: CutValue[]): string {
  if (value.length <= max) return value;
  cut.push({ field, whole: value, max });
  return value.slice(0, max);
}

/** The warnings and the notes line for the values an import cut. */
export function cutReport(cut: CutValue[]): { warnings: ValueWarning[]; noteLine: string | null } {
  if (!cut.length) return { warnings: [], noteLine: null };
  return {
    warnings: cut.map(({ field, whole, max, leftOut }) => ({
      field,
      value: whole,
      message: `is longer than ${max} characters; ${leftOut ? 'left out' : 'cut'}, the whole value is kept in the notes`,
    })),
    noteLine: CUT_NOTE_PREFIX + cut.map(({ field, whole }) => `${field}: ${whole}`).join('; '),
  };
}
