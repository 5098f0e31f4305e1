// Readings of the same bytes that are all letters of one script (ADR 075): Russian in KOI8-R
// read as Windows-1251 (and back), Greek read as Cyrillic, Russian read as Greek. No letter
// is out of place there, so what tells them apart is which letters come up: in real text most
// are a few frequent ones, and a wrong reading trades them for rare ones.

// The letters that make up ~85% of Russian, Ukrainian and Bulgarian text (Russian's seventeen
// most frequent, with Ukrainian's і), and of Greek text (tonos and final sigma read as their letter).
const FREQUENT_CYRILLIC = new Set('оеаинтсрвлкмдпуяыі');
const FREQUENT_GREEK = new Set('αοιετσςνηκρπυμλάέήίόύώ');
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;
const LETTER = /\p{L}/u;

/**
 * How far the Cyrillic or Greek letters stray from their script's frequent ones (real text has
 * about one rare letter in six, a wrong reading about one in two), and one for a Greek sigma in
 * the wrong form: "ς" inside a word or "σ" ending one (Russian "т" read as Greek is "ς").
 */
export function scriptLetterOddities(text: string): number {
  let odd = 0;
  const counts = { cyrillic: [0, 0], greek: [0, 0] };
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    if (c < '\u0370') continue;
    if (CYRILLIC.test(c)) counts.cyrillic[FREQUENT_CYRILLIC.has(c) ? 0 : 1]!++;
    else if (GREEK.test(c)) {
      counts.greek[FREQUENT_GREEK.has(c) ? 0 : 1]!++;
      const next = lower[i + 1];
      const wordGoesOn = next !== undefined && LETTER.test(next);
      if ((c === 'ς' && wordGoesOn) || (c === 'σ' && !wordGoesOn && LETTER.test(lower[i - 1] ?? ' '))) odd += 1;
    }
  }
  // Half a point for each rare letter past the one in four that real text may have.
  for (const [frequent, rare] of Object.values(counts)) odd += Math.max(0, rare! - (frequent! + rare!) / 4) / 2;
  return odd;
}
