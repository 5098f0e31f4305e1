// How implausible a reading of unlabelled bytes is (docs/decisions/065 and 072): the lower the
// score, the more the text looks like what people write. Three kinds of evidence:
// what text does not do (a control character, a symbol inside a word, Han characters glued to
// Latin letters), accented letters that no one language writes together, and for the East Asian
// encodings how many of the characters come from the rarely used parts of that encoding.
import { misplacedLetters } from './letter-places';
import { scriptLetterOddities } from './letter-frequencies';

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
// Cyrillic and Greek words are all letters above ASCII; a Latin word of them is not.
const CYRILLIC = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const ASCII_LETTER = /[A-Za-z]/;
const APOSTROPHES = new Set(['’', '‘']);
const isHighLetter = (c: string | undefined) => c !== undefined && c > '\u007f' && LETTER.test(c);
const isLatinAccented = (c: string) => c >= '\u00c0' && c <= '\u024f' && c !== '\u00d7' && c !== '\u00f7';

// The accented letters of the languages written in the encodings tried (lowercase).
const ALPHABETS = [
  'àâæçéèêëîïôœùûüÿ', // French
  'äöüßé', // German
  'áéíñóúü', // Spanish
  'áâãàçéêíóôõú', // Portuguese
  'àèéìíîòóùú', // Italian
  'àçèéíïòóúü', // Catalan
  'áéíóúèëïöü', // Dutch
  'æøåéóô', // Danish, Norwegian
  'åäöéšž', // Swedish, Finnish
  'áðéíóúýþæö', // Icelandic
  'äöõüšž', // Estonian
  'ąćęłńóśźż', // Polish
  'áčďéěíňóřšťúůýž', // Czech
  'áäčďéíĺľňóôŕšťúýž', // Slovak
  'áéíóöőúüű', // Hungarian
  'ăâîşţșț', // Romanian
  'čćđšž', // Croatian, Slovene, Bosnian, Serbian in Latin
  'çë', // Albanian
  'çğıöşüâî', // Turkish
  'ąčęėįšųūž', // Lithuanian
  'āčēģīķļņšūž', // Latvian
].map((a) => new Set(a));

/** Accented letters of `letters` that no single language's alphabet holds together: the fewer left over, the better. */
function uncovered(letters: string[]): number {
  if (letters.length < 2) return 0;
  let best = 0;
  for (const alphabet of ALPHABETS) best = Math.max(best, letters.filter((c) => alphabet.has(c)).length);
  return letters.length - best;
}

/** The same over a whole text, which may mix two languages (a Hungarian office's Polish clients). */
function uncoveredByTwo(letters: string[]): number {
  const counts = new Map<string, number>();
  for (const c of letters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best = 0;
  for (let i = 0; i < ALPHABETS.length; i++) {
    for (let j = i; j < ALPHABETS.length; j++) {
      let covered = 0;
      for (const [c, n] of counts) if (ALPHABETS[i]!.has(c) || ALPHABETS[j]!.has(c)) covered += n;
      best = Math.max(best, covered);
    }
  }
  return letters.length - best;
}

// Frequent Hangul syllables (names and everyday words): a Korean reading scores by these, since
// Korean bytes read as Chinese are common Hanzi as well and the two would otherwise tie.
const COMMON_HANGUL = new Set(
  '가각간감강개거건경계고공과관광구국권규근금기길김나남내녀년노는니다단달당대더도동두드들등라락란람래량러로록론료루류르를리린림마만말명모목무문물미민박반방배백범변병보복본부분비빈사산상새서석선설성세소손송수숙순승시식신실심아안애야양어언여연영예오옥온완왕요용우운원위유육윤은을음의이익인일임입자작장재전정제조종주준중지진집차찬창채천철청최추춘충치태택한할함해행허현형혜호홍화환황회효훈희에울교았었였했게님씨께와워왔되된될됩까봐줘좀또많같곳것겠그너네델돌둘렇려력렬령례른름릉며면므밀및바발번법볼봉뵙붙브블뿐삼생섭셨속쇼스습싶약얘얼없엔역열염올왜외웃월웨으응읽있잊잘잠잡저적절점접져졌좋죠즐증직질짐짜째쪽찍참찾처첫초총축출취층친칠침카커컴케코크큰클키타탁터텔토통투트특티팀파판팔패퍼페편평포표품프플피필하학합항향험협혹확활후훨휴흔히힘',
);

// Symbols no one writes against a word, which are letters in another encoding: "¦wietna" is
// Polish "Świetna" (ISO-8859-2) read as Windows-1250, "Ma³gorzata" is "Małgorzata", "∆uk" is
// Croatian "Ćuk" (Windows-1250) read as Mac Roman, "£êcki" Polish "Łęcki" read as Windows-1252,
// "™tefan" Romanian "Ştefan" read as Mac Roman.
const GLUED_SYMBOLS = new Set('¦¶¹²³¾½¼±¬¯¸¨´ˇ˘˝˛˚˙ˆ˜¤×÷µ·©™†‡‰£¥∆∂∑∏∫√≈≠≤≥◊');
// Typographic ligatures are letters no one types: Mac Roman's "ﬁ" is Windows-1250's "Ž" and Windows-1258's tilde.
const LIGATURES = new Set('ﬁﬂ');

/** How odd each character of the reading is, in context. */
function charOddities(text: string): number {
  let odd = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c < '\u0080') continue;
    const before = text[i - 1] ?? ' ';
    const after = text[i + 1] ?? ' ';
    if ((c >= '\u0080' && c <= '\u009f') || (c >= '\ue000' && c <= '\uf8ff') || c === '\ufffd') odd += 3;
    // Ordinal marks are letters to Unicode, but only follow a number ("1ª", "Nº 5"): "ªtefan" is Romanian "Ştefan".
    else if ((c === 'ª' || c === 'º') && LETTER.test(after)) odd += 1;
    else if (EAST_ASIAN.test(c) || (c >= '\uff61' && c <= '\uff9f')) {
      // Half-width katakana (old Japanese systems) are also what Latin capitals read as Shift_JIS are.
      if (c >= '\uff61') odd += 0.5;
      // East Asian text sits in its own cells; Latin accents read as a double-byte encoding stick to letters.
      odd += Number(ASCII_LETTER.test(before)) + Number(ASCII_LETTER.test(after));
      if (COMMON_HANGUL.has(c)) odd -= 0.5;
    } else if (LETTER.test(c)) {
      if ((UPPER.test(c) && LOWER.test(before)) || LIGATURES.has(c)) odd += 1;
      if (CYRILLIC.test(c) ? ASCII_LETTER.test(before) || ASCII_LETTER.test(after) : isHighLetter(before) && isHighLetter(text[i - 2]))
        odd += 1;
    } else if (!APOSTROPHES.has(c) && LETTER.test(before) && LETTER.test(after)) odd += 1;
    else if (GLUED_SYMBOLS.has(c) && (LETTER.test(before) || LETTER.test(after))) odd += 1;
  }
  return odd;
}

// Accented letters that are rare in every language that has them, where the byte in the other
// Latin encodings is a common letter: Windows-1252's "û" is Hungarian "ű" in Windows-1250, whose
// "ŕ ĺ" are French "à" and Danish "å". Letters common in one language and rare in the others
// (Italian "ò", Icelandic "ð", Romanian "ă") are told by their place in the word (letter-places.ts).
const RARE_LETTERS = new Set('ŕĺïďûţÿƒ');

/**
 * Accented Latin letters that are rare, or do not belong together: within a word (Czech "Příliš"
 * read as Windows-1252 is "Pøíliš"), and over the whole text (French read as Windows-1250 gives
 * Czech "č", Slovak "ŕ" and Polish "ę" side by side). Portuguese writes "õ" before an "e" only
 * ("ões"); elsewhere it is Hungarian "ő" read as Windows-1252 ("Gyõr"). Danish and Norwegian
 * "ø" rarely comes before a vowel, Czech "ř" often does.
 */
function latinOddities(text: string): number {
  const all: string[] = [];
  let odd = 0;
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    const letters = [...word].filter(isLatinAccented);
    if (!letters.length) continue;
    odd += uncovered(letters) + letters.filter((c) => RARE_LETTERS.has(c)).length + misplacedLetters(word);
    // Czech "ř" before a vowel ("Ondřej") and "Č" starting a word ("Čapek") read as Windows-1252.
    odd += (word.match(/õ(?!e)|ø(?=[aeiouyáéíóúý])|^è(?=\p{L})/gu) ?? []).length;
    all.push(...letters);
  }
  return odd + uncoveredByTwo(all);
}

/** How implausible a reading is: 0 for text with nothing odd, more for each oddity. */
export function implausibility(text: string): number {
  return charOddities(text) + latinOddities(text) + scriptLetterOddities(text);
}

export type DoubleByte = 'shift_jis' | 'gb18030' | 'big5' | 'euc-kr' | 'euc-jp';

/** 0 for a double-byte character in its encoding's core, 0.5 in a second level, 1 elsewhere. */
function rarity(encoding: DoubleByte, lead: number, trail: number): number {
  const code = (lead << 8) | trail;
  const high = trail >= 0xa1;
  switch (encoding) {
    case 'shift_jis':
      if ((code >= 0x8140 && code <= 0x83ff) || (code >= 0x8740 && code <= 0x879f) || (code >= 0x889f && code <= 0x9872)) return 0;
      return code >= 0x989f && code <= 0xeaa4 ? 0.5 : 1;
    case 'gb18030':
      if (high && ((lead >= 0xa1 && lead <= 0xa3) || (lead >= 0xb0 && lead <= 0xd7))) return 0;
      return high && lead >= 0xd8 && lead <= 0xf7 ? 0.5 : 1;
    case 'big5':
      if ((code >= 0xa140 && code <= 0xa3bf) || (code >= 0xa440 && code <= 0xc67e)) return 0;
      return code >= 0xc940 && code <= 0xf9d5 ? 0.5 : 1;
    case 'euc-kr':
      return high && ((lead >= 0xa1 && lead <= 0xa3) || (lead >= 0xb0 && lead <= 0xc8)) ? 0 : 1;
    case 'euc-jp':
      // JIS X 0208's symbols and kana (rows 1-5) and first-level kanji; the second level.
      if (high && ((lead >= 0xa1 && lead <= 0xa5) || (lead >= 0xb0 && lead <= 0xcf))) return 0;
      return high && lead >= 0xd0 && lead <= 0xf4 ? 0.5 : 1;
  }
}

/**
 * Each double-byte encoding has a core where the characters of everyday text are (kana and the
 * first level of kanji; GB2312's first level; Big5's frequent characters; the 2 350 Hangul
 * syllables of KS X 1001) and parts for rare ones. Text in one encoding read as another lands
 * mostly in those rare parts: each character there counts (1, or 0.5 for a second level or a
 * half-width katakana). Each in the core counts -0.25: a name of three characters in Big5 must
 * beat the same bytes read as Mac Roman symbols, which break no rule either.
 */
export function rareCharacters(bytes: Uint8Array, encoding: DoubleByte): number {
  let rare = 0;
  for (let i = 0; i < bytes.length; i++) {
    const lead = bytes[i]!;
    if (lead < 0x80) continue;
    if (encoding === 'shift_jis' && lead >= 0xa1 && lead <= 0xdf) {
      rare += 0.5; // half-width katakana
      continue;
    }
    if (encoding === 'euc-jp' && (lead === 0x8e || lead === 0x8f)) {
      // Half-width katakana (0x8E), or a JIS X 0212 character in three bytes (0x8F).
      rare += lead === 0x8e ? 0.5 : 1;
      i += lead === 0x8e ? 1 : 2;
      continue;
    }
    const trail = bytes[i + 1] ?? 0;
    if (encoding === 'gb18030' && trail >= 0x30 && trail <= 0x39) {
      rare += 1; // four-byte sequence
      i += 3;
      continue;
    }
    i += 1;
    const r = rarity(encoding, lead, trail);
    rare += r === 0 ? -0.25 : r;
  }
  return rare;
}
