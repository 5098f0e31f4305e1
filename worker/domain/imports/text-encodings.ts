// The encodings address books write files in, read without a label: UTF-16 without a
// byte-order mark (old Mac OS X, some Outlook tools), and the single-byte encodings of files
// that are not UTF-8: Windows-1252 (Outlook's and Excel's "CSV" on Windows in the West), Mac
// Roman (Excel's "CSV (Macintosh)", old Mac address books) or Windows-1251 (the same exports
// on a Russian, Ukrainian or Bulgarian Windows). docs/decisions/065 says how the guess is made.

// Windows-1252 differs from Latin-1 only in 0x80-0x9F (five of which it leaves undefined).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const MAC_ROMAN_HIGH =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';

export type SingleByte = 'windows-1252' | 'macintosh' | 'windows-1251';

/** Bytes as text in Windows-1252, Mac Roman or Windows-1251 (ASCII as it is; one character per byte). */
export function decodeSingleByte(bytes: Uint8Array, encoding: SingleByte = 'windows-1252'): string {
  if (encoding === 'windows-1251') return new TextDecoder('windows-1251').decode(bytes);
  const high =
    encoding === 'macintosh'
      ? (b: number) => MAC_ROMAN_HIGH[b - 0x80]!
      : (b: number) => (b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b));
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000) {
    out += Array.from(bytes.subarray(i, i + 0x2000), (b) => (b < 0x80 ? String.fromCharCode(b) : high(b))).join('');
  }
  return out;
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ASCII_LETTER = /[A-Za-z]/;
const APOSTROPHES = new Set(['’', '‘']);
const isHighLetter = (c: string | undefined) => c !== undefined && c > '\u007f' && LETTER.test(c);

/**
 * How implausible a reading is, counting what text does not do: an accented capital right after
 * a small letter ("JosÈ"), a symbol inside a word ("M¸ller", "Stra§e"), a control character or
 * Apple's logo; three accented Latin letters in a row ("Ïðèâåò", Cyrillic read as Latin); a
 * Cyrillic letter beside a Latin one ("Josй", Latin read as Cyrillic).
 */
function oddities(text: string): number {
  let odd = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c < '\u0080') continue;
    const before = text[i - 1] ?? ' ';
    const after = text[i + 1] ?? ' ';
    if ((c >= '\u0080' && c <= '\u009f') || c === '\uf8ff') odd += 3;
    else if (LETTER.test(c)) {
      if (UPPER.test(c) && LOWER.test(before)) odd += 1;
      if (CYRILLIC.test(c) ? ASCII_LETTER.test(before) || ASCII_LETTER.test(after) : isHighLetter(before) && isHighLetter(text[i - 2]))
        odd += 1;
    } else if (!APOSTROPHES.has(c) && LETTER.test(before) && LETTER.test(after)) odd += 1;
  }
  return odd;
}

/** The single-byte encoding whose reading of the bytes is most plausible; Windows-1252 on a tie. */
export function guessSingleByte(bytes: Uint8Array): SingleByte {
  const sample = bytes.subarray(0, 256 * 1024);
  let best: { encoding: SingleByte; odd: number } | null = null;
  for (const encoding of ['windows-1252', 'macintosh', 'windows-1251'] as const) {
    const odd = oddities(decodeSingleByte(sample, encoding));
    if (!best || odd < best.odd) best = { encoding, odd };
  }
  return best!.encoding;
}

/**
 * UTF-16 by its byte-order mark, or without one by the NUL bytes that ASCII text (a header
 * row, "BEGIN:VCARD") leaves in every other byte: 'le', 'be' or null.
 */
export function utf16Order(bytes: Uint8Array): 'le' | 'be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  const pairs = Math.min(bytes.length, 512) >> 1;
  if (pairs < 6) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenZeros++;
    if (bytes[2 * i + 1] === 0) oddZeros++;
  }
  // The markup of such a file is ASCII: most of its units have one zero byte, always on the same side.
  if (oddZeros >= pairs * 0.3 && evenZeros <= pairs * 0.02) return 'le';
  if (evenZeros >= pairs * 0.3 && oddZeros <= pairs * 0.02) return 'be';
  return null;
}

/** UTF-16 bytes (byte-order mark, if any, skipped) as text. */
export function utf16Text(bytes: Uint8Array, order: 'le' | 'be'): string {
  const skip = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) ? 2 : 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const units = new Uint16Array((bytes.byteLength - skip) >> 1);
  for (let i = 0; i < units.length; i++) units[i] = view.getUint16(skip + i * 2, order === 'le');
  let text = '';
  for (let i = 0; i < units.length; i += 0x2000) text += String.fromCharCode(...units.subarray(i, i + 0x2000));
  return text;
}

/**
 * Whether bytes that fail to decode as UTF-8 are UTF-8 all the same, with some damage (a file
 * cut or joined badly): more of their non-ASCII bytes form well-formed UTF-8 characters than
 * not. A file in Windows-1252, Mac Roman or Windows-1251 almost never does: its accented letters
 * are single bytes that UTF-8 cannot read, and a pair that happens to be valid ("Ã©", "С»") is
 * rare. Reading damaged UTF-8 in a single-byte encoding would garble every accent in it.
 */
export function looksLikeDamagedUtf8(bytes: Uint8Array): boolean {
  const cont = (i: number) => i < bytes.length && (bytes[i]! & 0xc0) === 0x80;
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    let length = 0;
    if (b >= 0xc2 && b <= 0xdf && cont(i + 1)) length = 2;
    else if (b >= 0xe0 && b <= 0xef && cont(i + 1) && cont(i + 2)) {
      const second = bytes[i + 1]!;
      const overlong = b === 0xe0 && second < 0xa0;
      const surrogate = b === 0xed && second >= 0xa0;
      if (!overlong && !surrogate) length = 3;
    } else if (b >= 0xf0 && b <= 0xf4 && cont(i + 1) && cont(i + 2) && cont(i + 3)) length = 4;
    if (length > 0) {
      valid++;
      i += length - 1;
    } else invalid++;
  }
  return valid > invalid;
}
