import { foldText, foldedWords } from '../folding';

/** What a search box query means once made safe for FTS5 (API.md "Search"). */
export interface SearchTerms {
  /** Folded words of the query; each matches as a word prefix. */
  words: string[];
  /** The folded query itself, for tier 1 ("the full name starts with the query"). */
  phrase: string;
  /** Close spellings a word also matches as a whole word, when the exact search found nothing. */
  spellings?: Record<string, string[]>;
}

// A query longer than this many words is refined no further: no contact field needs more,
// and every extra FTS term costs a doclist read.
const MAX_WORDS = 32;

/**
 * Parses the `q` of the contact list. Returns null when there is nothing to search for
 * (empty, or only a leading `@`). The words are folded and split as the index tokenizes
 * (worker/domain/folding.ts), so quotes, `*`, `-`, `OR`, `NEAR`,
 * parentheses and emoji can never act as FTS syntax: they either vanish or match literally.
 */
export function parseSearch(q: string | undefined | null): SearchTerms | null {
  // SPEC §1: a leading `@` is ignored, so `@handle` and `handle` return the same contacts.
  const stripped = (q ?? '').trim().replace(/^@+/, '');
  const phrase = foldText(stripped).replace(/\s+/g, ' ');
  if (!phrase) return null;
  const words = [...new Set(foldedWords(phrase))].slice(0, MAX_WORDS);
  return { words, phrase };
}

const wordTerm = (terms: SearchTerms) => (word: string) => {
  const alternatives = terms.spellings?.[word];
  return alternatives?.length ? `("${word}"* OR ${alternatives.map((a) => `"${a}"`).join(' OR ')})` : `"${word}"*`;
};

/**
 * The user's token in the search index's `owner` column ('u' || hex(user_id), see
 * migrations/0013_speed.sql). Every match starts with it, so FTS5 hands back only this
 * user's rows instead of every user's, each of which cost a contact row lookup.
 */
export function ownerToken(userId: string): string {
  return `u${[...new TextEncoder().encode(userId)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

// The searchable columns: query words never reach the `owner` column.
const CONTENT_COLUMNS = '{name company title handles emails notes places tags}';

/** The user's contacts where every word prefix-matches some indexed field. */
export function matchAllExpression(userId: string, terms: SearchTerms): string {
  return `{owner} : "${ownerToken(userId)}" AND ${CONTENT_COLUMNS} : (${terms.words.map(wordTerm(terms)).join(' AND ')})`;
}

/** The user's contacts whose location or geocoded place has every word of the place filter. */
export function matchPlaceExpression(userId: string, place: SearchTerms): string {
  return `{owner} : "${ownerToken(userId)}" AND {places} : (${place.words.map(wordTerm(place)).join(' AND ')})`;
}

/** As matchAllExpression, without archived contacts: the owner column also holds `archived`. */
export function matchActiveExpression(userId: string, terms: SearchTerms): string {
  return `(${matchAllExpression(userId, terms)}) NOT {owner} : "archived"`;
}

/**
 * Matches the user's contacts where some word prefix-matches a token of the given columns.
 * With several words it repeats the full match, so FTS5 can skip through the rarest word's
 * doclist instead of reading every contact with a name starting with a one-letter word. One
 * word in those columns implies the full match, and reading it again cost "quantum" 3 ms a tier.
 */
export function matchAnyInColumns(userId: string, terms: SearchTerms, columns: string[]): string {
  const inColumns = `{${columns.join(' ')}} : (${terms.words.map(wordTerm(terms)).join(' OR ')})`;
  return terms.words.length === 1
    ? `{owner} : "${ownerToken(userId)}" AND ${inColumns}`
    : `${matchAllExpression(userId, terms)} AND ${inColumns}`;
}

/** A query made of "+", digits and phone punctuation with at least this many digits is also a phone number. */
const MIN_PHONE_DIGITS = 4;

/**
 * The digit strings a phone-shaped query is looked for inside stored phones, or null when the
 * query is not phone-shaped. Stored phones keep what was typed ("+442079460958" or
 * "02079460958"), so the query is tried as written and as its national part: "020 7946 0958"
 * without the trunk 0, "+44 20 7946 0958" without one to three country-code digits.
 */
export function phoneDigits(q: string | undefined | null): string[] | null {
  const text = (q ?? '').trim();
  if (!/^\+?[\d\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  const international = text.startsWith('+') || digits.startsWith('00');
  const number = digits.startsWith('00') ? digits.slice(2) : digits;
  const variants = [number];
  if (international) for (const codeLength of [1, 2, 3]) variants.push(number.slice(codeLength));
  else if (number.startsWith('0')) variants.push(number.slice(1));
  return [...new Set(variants.filter((v) => v.length >= Math.min(MIN_PHONE_DIGITS, number.length) && (v === number || v.length >= 6)))];
}
