// iCalendar's TEXT values and content lines (RFC 5545 §3.1, §3.3.11) are the ones vCard took
// over (RFC 6350 §3.2, §3.4): one writer serves both, control characters dropped, folds between characters.
import { escapeVcardText, foldVcardLine } from '../export/vcard-text';

export const escapeText = escapeVcardText;

/** A whole calendar from content lines (each folded), CRLF-terminated. */
export function calendarText(lines: string[]): string {
  return lines.map(foldVcardLine).join('\r\n') + '\r\n';
}

/** "2026-04-10" → "20260410" (a DATE value). */
export const icsDate = (date: string) => date.replaceAll('-', '');

/** An instant as a UTC DATE-TIME ("20260410T083000Z"). */
export const icsDateTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
