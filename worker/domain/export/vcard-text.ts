// How a value is written into a vCard line, in one place: every value Kith writes goes
// through one of these, so no value can end its line, start a property or close the card.

// C0 controls other than TAB (and line breaks, which are escaped) and DEL cannot appear in
// a content line (RFC 6350 §3.3 VALUE-CHAR); they carry nothing a reader could show.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWRITABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A TEXT value (RFC 6350 §3.4): backslash, comma, semicolon escaped, every line break as `\n`. */
export function escapeVcardText(value: string): string {
  return value
    .replace(UNWRITABLE, '')
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (RFC 6868): `^` as `^^`, a line break as `^n`, `"` as `^'`, and quoted,
 * so `:`, `;` and `,` inside it stay part of the value. A backslash is doubled too: readers
 * undo backslash escapes in LABEL, as RFC 6350's own LABEL example writes `\n`.
 */
export function vcardParam(value: string): string {
  const encoded = value
    .replace(UNWRITABLE, '')
    .replace(/\\/g, '\\\\')
    .replace(/\^/g, '^^')
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/"/g, "^'");
  return `"${encoded}"`;
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Folds a content line at 75 octets (RFC 6350 §3.2): CRLF + one space, never inside a
 * UTF-8 sequence (the split falls between characters).
 */
export function foldVcardLine(line: string): string {
  // Fast path: ASCII lines (photos in base64 are most of an export's bytes).
  if (/^[\x20-\x7E]*$/.test(line)) {
    if (line.length <= 75) return line;
    const parts = [line.slice(0, 75)];
    for (let i = 75; i < line.length; i += 74) parts.push(line.slice(i, i + 74));
    return parts.join('\r\n ');
  }
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const len = utf8Length(ch.codePointAt(0)!);
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (size + len > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += len;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
