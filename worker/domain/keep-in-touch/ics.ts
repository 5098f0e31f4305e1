/**
 * RFC 5545 text: escaping of TEXT values (backslash, semicolon, comma, newlines) and folding
 * of content lines longer than 75 octets (CRLF + one space), never inside a UTF-8 character.
 */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A whole calendar from content lines (each folded), CRLF-terminated. */
export function calendarText(lines: string[]): string {
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** "2026-04-10" → "20260410" (a DATE value). */
export const icsDate = (date: string) => date.replaceAll('-', '');

/** An instant as a UTC DATE-TIME ("20260410T083000Z"). */
export const icsDateTime = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
