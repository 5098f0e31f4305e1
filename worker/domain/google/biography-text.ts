import type { GooglePerson } from '../../providers/google/people-client';

type Biography = NonNullable<GooglePerson['biographies']>[number];

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A character reference as its character; one it cannot read stays as written. */
function entity(whole: string, name: string): string {
  const code =
    name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : NaN;
  if (Number.isInteger(code) && code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
  return NAMED[name.toLowerCase()] ?? whole;
}

/**
 * A contact's Google notes as text. The People API marks some as TEXT_HTML: their tags go, a
 * line break or the end of a paragraph, list item or block becomes a new line, and character
 * references are read ("Web&nbsp;Summit &amp; dinner" is "Web Summit & dinner"), so the notes
 * never show markup.
 */
export function biographyText({ value, contentType }: Biography): string {
  if (!value) return '';
  if (contentType !== 'TEXT_HTML') return value.trim();
  return value
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
