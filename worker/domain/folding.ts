/**
 * The one rule by which Kith compares text: the search index's own. contacts_fts tokenizes with
 * `unicode61 remove_diacritics 2 categories 'L* N* Co M*'` (migrations/0039_one_folding_rule.sql),
 * and the query, the name keys (contacts.name_sort: sort, name tiers, duplicates), organization
 * names and the spelling dictionary are folded here the same way, so a word folds to what the
 * index holds for it. Before, the app stripped every mark after NFKD while the index kept "й",
 * "έ" and split "राहुल" at its vowel signs: whole names in those scripts found nothing.
 *
 * What the tokenizer does, letter by letter (tests/guard/folding-rule.test.ts checks it against
 * D1's FTS5 for every letter, mark and digit of the scripts people's names are written in):
 * - case folding (so final "ς" is "σ");
 * - Latin letters lose their accents ("é" -> "e"); other scripts keep theirs ("й", "έ", "ё"),
 *   as their marks are part of the letter, and vowel signs (Devanagari, Thai) are letters of the word;
 * - the combining accents of Latin text written apart ("e" + U+0301) are dropped.
 */

// The combining marks unicode61 drops when removing diacritics (its isdiacritic table).
const DROPPED_MARKS = /[\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331]/gu;

// Case foldings that differ from lower-casing, and letters the tokenizer leaves as they are.
const SPECIAL: Readonly<Record<string, string>> = {
  ς: 'σ',
  µ: 'μ',
  ſ: 's',
  ẛ: 's',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
  '\u0345': 'ι',
  İ: 'i',
  Ǡ: 'ǡ',
  ǡ: 'ǡ',
  Ϳ: 'Ϳ',
};

const LATIN_LETTER_WITH_ACCENTS = /^[a-z][\u0300-\u036f]+$/;

function foldLetter(letter: string): string {
  if (letter < '\x80') return letter.toLowerCase();
  const special = SPECIAL[letter];
  if (special !== undefined) return special;
  const lower = letter.toLowerCase();
  if (lower.length !== letter.length) return letter;
  const parts = lower.normalize('NFD');
  return LATIN_LETTER_WITH_ACCENTS.test(parts) ? parts[0]! : lower;
}

// Letters, digits, private-use characters and marks are the characters of a word, as in the index
// (which also keeps characters Unicode had not assigned when SQLite's tables were made, as these
// three Arabic ones that are format marks and punctuation now).
const WORD = /[\p{L}\p{N}\p{Co}\p{M}\p{Cn}\u0605\u061c\u061d]+/gu;
const NOT_ASCII = /[^\p{ASCII}]/u;
// WORD within ASCII: letters and digits (ASCII has no marks, private-use or unassigned characters).
const ASCII_WORD = /[a-z0-9]+/g;

/** The text folded as the search index folds it; spaces and punctuation stay, the ends are trimmed. */
export function foldText(value: string): string {
  // ASCII is its own NFC form: most names need no normalizing.
  if (!NOT_ASCII.test(value)) return value.toLowerCase().trim();
  const text = value.normalize('NFC');
  if (!NOT_ASCII.test(text)) return text.toLowerCase().trim();
  return text
    .replace(/[A-Z]|[^\p{ASCII}]/gu, foldLetter)
    .replace(DROPPED_MARKS, '')
    .trim();
}

/** The words of a folded text, as the search index splits it into tokens. */
export function foldedWords(folded: string): string[] {
  return folded.match(WORD) ?? [];
}

/**
 * The words of a text as the search index holds them, `foldedWords(foldText(text))`, with
 * ASCII text (most names, every email) on a path of one lower-casing and one plain match: the
 * local index's first build folds 50 000 contacts' fields (docs/decisions/068).
 */
export function indexWords(text: string): string[] {
  if (NOT_ASCII.test(text)) return foldedWords(foldText(text));
  return text.toLowerCase().match(ASCII_WORD) ?? [];
}
