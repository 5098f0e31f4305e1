// Where in a word each language writes the accented letters that one byte gives in several code
// pages (ADR 082). A letter that is rare in one language is common in another: Italian writes
// "ò ì ù" (Czech "ň ě ů" in Windows-1250), Icelandic "ð" (Croatian "đ", Turkish "ğ", Lithuanian
// "š"), Romanian "ă" (Portuguese "ã"). Counting such letters as rare wherever they come up read
// "Niccolò Però" as "Niccolň Perň"; what tells the readings apart is the place each language
// gives its letter, which the same byte in the other language seldom has.

const VOWELS = 'aeiouyáàâäãåæéèêëíìîïóòôöõøúùûüýÿąęėįųūāēīōőűůěœ';
const CONSONANT = `[^\\P{L}${VOWELS}]`;
const VOWEL = `[${VOWELS}]`;

/** Each letter's places that no language writing it uses (lower case). */
const MISPLACED: RegExp[] = [
  // Italian writes "ì ù" at the end of a word (lunedì, più) or before a vowel (Lucìa); Czech "ě ů"
  // read as Windows-1252 stand before consonants (Zdenìk, Rùžièka).
  new RegExp(`[ìù](?=${CONSONANT})`, 'gu'),
  // Italian "ò" and Czech "ň" both end words, but Italian's follows a consonant (Niccolò, Però),
  // Czech's a vowel (Plzeň, kůň).
  new RegExp(`(?<=${VOWEL})ò`, 'gu'),
  new RegExp(`(?<!${VOWEL})ň`, 'gu'),
  // Czech "ě" follows b, d, f, m, n, p, t or v only (Věra, Zdeněk, Němcová); "ů" a consonant.
  /(?<![bdfmnptv])ě/gu,
  new RegExp(`(?<!${CONSONANT})ů`, 'gu'),
  // Icelandic "ð" never starts a word (Croatian "đ" and Lithuanian "š" often do) and seldom
  // comes before an "l" (Turkish "oğlu" is "oðlu" in Windows-1252); its "þ" starts one (Þórunn),
  // where Turkish "ş" and Romanian "ţ" end syllables (Ayşe, Güneş).
  /^ð|ðl/gu,
  /(?<!^)þ/gu,
  // Croatian "đ" comes before a vowel (Đurđa, Međugorje); Icelandic "ð" and Turkish "ğ" read as
  // Windows-1250 often stand before a consonant (Guđrún, Buđra).
  new RegExp(`đ(?=${CONSONANT})`, 'gu'),
  // Danish, Norwegian and Icelandic "æ" never follows a vowel; Croatian "ć" ends many names (Babić).
  new RegExp(`(?<=${VOWEL})æ`, 'gu'),
  // Turkish "İ" starts words (İsmail, İstanbul), which Czech, Slovak and Icelandic "ý" never does.
  /^ý/gu,
  // Portuguese "ã" comes before "o", "e" or "s", or ends a word (João, mãe, irmãs, manhã);
  // Romanian "ă" stands anywhere but there (Mădălina, Bălănescu).
  /ã(?![oes]|$)/gu,
  /ă(?=[oe])/gu,
];

const PLACED_LETTERS = /[ìùòňěůðþđæýãă]/u;

/** How many of the word's accented letters stand where no language writing them puts them. */
export function misplacedLetters(word: string): number {
  if (!PLACED_LETTERS.test(word)) return 0;
  let odd = 0;
  for (const place of MISPLACED) odd += (word.match(place) ?? []).length;
  return odd;
}
