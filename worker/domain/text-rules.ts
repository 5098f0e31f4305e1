// ADR 011 "input hygiene": text the user can store never holds control characters. They
// render as nothing, break the lines of vCard and CSV exports, and let one value pose as
// several. A single-line field refuses every one of them (C0 including TAB, DEL, C1) and the
// Unicode line and paragraph separators; a multi-line field (notes, message bodies) keeps
// TAB, LF and CRLF. Zero-width characters are not control characters: names may hold them,
// and identifiers drop them when compared (contacts/normalize.ts).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

// The marks that turn text around or hide its direction: "report\u202Efdp.zip" reads
// "reportpiz.pdf" (ADR 079), and a name shown to vouch for something can read as another.
export const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const SINGLE_LINE_MESSAGE = 'must not contain control characters or line breaks';
export const MULTI_LINE_MESSAGE = 'must not contain control characters (tabs and line breaks are fine)';

export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value);
}

/** Whether `value` holds none of the DIRECTION_MARKS. */
export const hasNoDirectionMarks = (value: string) => value.search(DIRECTION_MARKS) === -1;
export const DIRECTION_MARKS_MESSAGE =
  'must not contain marks that change the direction of text (U+202A–202E, U+2066–2069, U+200E/F, U+061C)';

export function isMultiLineText(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value);
}

/** Search text may be anything but NUL, which SQLite's full-text search cannot take. */
export const hasNul = (text: string) => text.includes('\u0000');
