// Hebrew (Windows-1255), Arabic (Windows-1256), Thai (Windows-874) and Vietnamese (Windows-1258)
// files without a label (ADR 078). Their bytes read as letters of a Western, Cyrillic or Greek
// file just as well, so round three's scoring let them win over Turkish, Baltic and Western files.
// Here a reading in one of them counts only when it has the word shapes of its script: its
// letters make up the words they are in, no word starts with a mark, no character is undefined;
// then it is scored by the few oddities its script has, and a reading that fails is not a
// candidate at all. A Western word with an accent read as Hebrew is a Hebrew letter between
// Latin ones; a Cyrillic or Greek capital read as Hebrew or Thai is a vowel point or a vowel
// sign starting a word.

export const SCRIPT_ENCODINGS = ['windows-1255', 'windows-1256', 'windows-874', 'windows-1258'] as const;
export type ScriptEncoding = (typeof SCRIPT_ENCODINGS)[number];

const MARK = /\p{M}/u;
const LATIN = /\p{Script=Latin}/u;
// Script_Extensions: Arabic's vowel marks are "inherited" by script, Arabic by extension.
const SCRIPT: Record<Exclude<ScriptEncoding, 'windows-1258'>, RegExp> = {
  'windows-1255': /\p{scx=Hebrew}/u,
  'windows-1256': /\p{scx=Arabic}/u,
  'windows-874': /\p{scx=Thai}/u,
};
// Letters the script has that its everyday text seldom uses, where the bytes of another of these
// encodings often land: Urdu's and Persian's letters in Windows-1256 (Thai read as Arabic),
// Yiddish ligatures and vowel points in Windows-1255, Thai's obsolete ฃ and ฅ.
const within = (c: string, ...ranges: [number, number][]) =>
  ranges.some(([from, to]) => c.codePointAt(0)! >= from && c.codePointAt(0)! <= to);
const RARE: Record<Exclude<ScriptEncoding, 'windows-1258'>, (c: string) => boolean> = {
  'windows-1255': (c) => within(c, [0x5b0, 0x5cf], [0x5f0, 0x5f4]),
  'windows-1256': (c) => within(c, [0x600, 0x620], [0x653, 0x65f], [0x66a, 0x6ff]),
  'windows-874': (c) => c === '\u0e03' || c === '\u0e05',
};
// Thai vowels written before their consonant, and the marks above or below one.
const THAI_LEADING_VOWEL = /[\u0e40-\u0e44]/;
const THAI_MARK = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/;
// Vietnamese in Windows-1258: tones as combining marks after a vowel, and its own letters.
const VIETNAMESE_TONES = /[\u0300\u0301\u0303\u0309\u0323]/;
const VIETNAMESE_VOWEL = /[aeiouyăâêôơưáàãéèíìóòõúùý]/i;
const VIETNAMESE_ACCENTS = new Set('ăâđêôơưĂÂĐÊÔƠƯàáãèéìíòóõùúýÀÁÃÈÉÌÍÒÓÕÙÚÝ');
// What follows ă, ơ, ư in a syllable (tones aside): "ăn", "mới", "người"; Portuguese "ão" and
// "õe" read as Windows-1258 are "ăo" and "ơe", which Vietnamese never writes.
const VIETNAMESE_NEXT: Record<string, RegExp> = { ă: /^[cmnpt]/, ơ: /^([cimnpt]|$)/, ư: /^([acimnptuơ]|$)/ };

/** Words of the reading that hold a character above ASCII. */
const wordsAboveAscii = (text: string) => text.split(/[^\p{L}\p{M}]+/u).filter((w) => [...w].some((c) => c > '\u007f'));

/**
 * Hebrew, Arabic, Thai: every word above ASCII is all the script's (or all Latin: a French company
 * in an Arabic file), never starts with a mark, and two words at least have two letters or more.
 */
function scriptOddities(text: string, script: RegExp, rare: (c: string) => boolean, thai: boolean): number | null {
  let long = 0;
  let odd = 0;
  for (const word of wordsAboveAscii(text)) {
    const chars = [...word];
    if (chars.every((c) => LATIN.test(c))) continue;
    if (MARK.test(chars[0]!) || (thai && THAI_MARK.test(chars[0]!))) return null;
    if (!chars.every((c) => script.test(c))) return null;
    if (chars.length >= 2) long++;
    odd += chars.filter(rare).length / 2;
    if (thai) {
      // A leading vowel comes before a consonant; two marks of one kind do not stack.
      for (let i = 0; i < chars.length; i++) {
        if (THAI_LEADING_VOWEL.test(chars[i]!) && (i === chars.length - 1 || THAI_MARK.test(chars[i + 1]!))) odd += 1;
        if (THAI_MARK.test(chars[i]!) && chars[i] === chars[i + 1]) odd += 1;
      }
    }
  }
  return long >= 2 ? odd : null;
}

/**
 * Vietnamese: a tone mark only after a vowel, no accented letter Vietnamese lacks, "đ" only
 * starting a word, "ă ơ ư" followed as in Vietnamese, and three of its own signs at least (tones,
 * ă, ơ, ư, đ: "â ê ô" are French and Portuguese too).
 */
function vietnameseOddities(text: string): number | null {
  let own = 0;
  for (const word of wordsAboveAscii(text)) {
    const chars = [...word];
    const bare = chars.filter((c) => !VIETNAMESE_TONES.test(c)).map((c) => c.toLowerCase());
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!;
      if (VIETNAMESE_TONES.test(c)) {
        if (i === 0 || !VIETNAMESE_VOWEL.test(chars[i - 1]!)) return null;
        own++;
      } else if (c > '\u007f' && (!LATIN.test(c) || !VIETNAMESE_ACCENTS.has(c))) return null;
    }
    for (let i = 0; i < bare.length; i++) {
      const c = bare[i]!;
      if (c === 'đ' && i > 0) return null;
      const next = VIETNAMESE_NEXT[c];
      if (next && !next.test(bare.slice(i + 1).join(''))) return null;
      if (c === 'đ' || next) own++;
    }
  }
  return own >= 3 ? 0 : null;
}

/**
 * How odd the reading is for its script, or null when it does not have the script's word shapes
 * (then the encoding is no candidate). A reading with the shapes starts one point ahead: its
 * letters all fit, which the same bytes read as Latin or Cyrillic symbols seldom do.
 */
export function scriptReadingOddities(text: string, encoding: ScriptEncoding): number | null {
  if (/[\ufffd\u0080-\u009f]/.test(text)) return null;
  const odd =
    encoding === 'windows-1258'
      ? vietnameseOddities(text)
      : scriptOddities(text, SCRIPT[encoding], RARE[encoding], encoding === 'windows-874');
  return odd === null ? null : odd - 1;
}
