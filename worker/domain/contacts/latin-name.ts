import { foldText } from '../folding';

/**
 * Names written in Cyrillic or Greek, spelled in Latin letters, so that "Александр Пушкин" and
 * "Aleksandr Pushkin" meet as one name (duplicates). Works on folded text (foldText), whose
 * Cyrillic and Greek letters keep their marks; they are spelled without them ("й" as "и", "ё"
 * as "е", "έ" as "ε"). Latin letters with no decomposition ("ß", "ø", "ł", "æ") get their
 * usual Latin spelling too.
 *
 * migrations/0024_latin_names.sql spells the same table in SQL for the rows saved before it;
 * change both together.
 */
export const LATIN_SPELLINGS: Readonly<Record<string, string>> = {
  // Russian, Ukrainian, Belarusian, Bulgarian, Serbian, Macedonian (BGN/PCGN, simplified).
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  є: 'ye',
  ґ: 'g',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѕ: 'dz',
  // Greek (ELOT 743, simplified); the pair first, as the SQL in 0024 replaces in this order.
  ου: 'ou',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  // Latin letters without a decomposition.
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  þ: 'th',
  ð: 'd',
  ı: 'i',
};

// Longest first, so a pair of letters is spelled as a pair.
const SPELLED = new RegExp(
  Object.keys(LATIN_SPELLINGS)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'gu',
);

const NOT_ASCII = /[^\p{ASCII}]/u;

// A mark on a Cyrillic or Greek letter, once the letter is taken apart (NFD).
const MARK_ON_CYRILLIC_OR_GREEK = /(?<=[\p{Script=Cyrillic}\p{Script=Greek}]\p{M}*)\p{M}/gu;

/** The folded name in Latin letters, or null when it has nothing to spell (already Latin). */
export function latinName(folded: string): string | null {
  // Every letter spelled is outside ASCII: most names need no normalizing (the local index spells
  // the rows a device saved before ADR 084, 50 000 of them).
  if (!NOT_ASCII.test(folded)) return null;
  const bare = folded.normalize('NFD').replace(MARK_ON_CYRILLIC_OR_GREEK, '').normalize('NFC');
  if (!SPELLED.test(bare)) return null;
  SPELLED.lastIndex = 0;
  return bare.replace(SPELLED, (letter) => LATIN_SPELLINGS[letter]!);
}

/** What a contact's full name is sorted, searched and matched by: folded, and in Latin letters when it is not. */
export function nameKeys(fullName: string): { nameSort: string; nameLatin: string | null } {
  const nameSort = foldText(fullName);
  return { nameSort, nameLatin: latinName(nameSort) };
}
