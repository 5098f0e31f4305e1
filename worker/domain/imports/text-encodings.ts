// The encodings address books write files in, read without a label: UTF-16 without a
// byte-order mark (old Mac OS X, some Outlook tools), and the legacy encodings of files that are
// not UTF-8: Windows-1252 (Outlook's and Excel's "CSV" on Windows in the West), Mac Roman
// (Excel's "CSV (Macintosh)", old Mac address books), Windows-1251 (a Russian, Ukrainian or
// Bulgarian Windows), Windows-1250 and ISO-8859-2 (Central Europe), Shift_JIS, GBK/GB18030,
// Big5 and EUC-KR (a Japanese, Chinese, Taiwanese or Korean Windows), Windows-1254 (Turkish),
// Windows-1257 (Baltic), Windows-1253 and ISO-8859-7 (Greek), KOI8-R/KOI8-U (old Russian and
// Ukrainian Unix mail and address books), EUC-JP (old Japanese Unix and phones), ISO-8859-15,
// and Windows-1255, -1256, -874 and -1258 (Hebrew, Arabic, Thai, Vietnamese) by their own rule.
// docs/decisions/065, 072 and 075 say how the guess is made.
import { implausibility, rareCharacters, type DoubleByte } from './encoding-plausibility';
import { SCRIPT_ENCODINGS, scriptReadingOddities, type ScriptEncoding } from './script-readings';

// Windows-1252 differs from Latin-1 only in 0x80-0x9F (five of which it leaves undefined).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const MAC_ROMAN_HIGH =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';

type SingleByte = 'windows-1252' | 'macintosh' | 'windows-1251';

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

/** The encodings tried for bytes that are not UTF-8 or UTF-16, in this order: a tie goes to the earlier (ADR 072). */
export const LEGACY_ENCODINGS = [
  'windows-1252',
  'macintosh',
  'windows-1251',
  'windows-1250',
  'iso-8859-2',
  'windows-1254',
  'windows-1257',
  'windows-1253',
  'iso-8859-7',
  // KOI8-U reads every KOI8-R letter the same and adds Ukrainian's і ї є ґ.
  'koi8-u',
  'iso-8859-15',
  'shift_jis',
  'gb18030',
  // After GB18030: kana read the same in both, so Japanese wins by its kana (encoding-plausibility.ts).
  'euc-jp',
  'big5',
  'euc-kr',
  // Candidates only when the reading has its script's word shapes (script-readings.ts, ADR 078).
  ...SCRIPT_ENCODINGS,
] as const;
export type LegacyEncoding = (typeof LEGACY_ENCODINGS)[number];

const isScript = (e: LegacyEncoding): e is ScriptEncoding => (SCRIPT_ENCODINGS as readonly string[]).includes(e);
const isDoubleByte = (e: LegacyEncoding): e is DoubleByte =>
  e === 'shift_jis' || e === 'gb18030' || e === 'big5' || e === 'euc-kr' || e === 'euc-jp';

// Encodings that read Western text almost as Windows-1252 does start behind it (ADR 075): a
// Turkish or Baltic reading must show its own letters to win, not only fewer oddities than a
// file mixing Danish, French and Spanish names.
const HANDICAP: Partial<Record<LegacyEncoding, number>> = { 'windows-1254': 0.5, 'windows-1257': 1.5, 'iso-8859-15': 0.5 };

/** Bytes as text in a legacy encoding; null when they are not valid in a double-byte one. */
export function decodeLegacy(bytes: Uint8Array, encoding: LegacyEncoding): string | null {
  if (encoding === 'windows-1252' || encoding === 'macintosh' || encoding === 'windows-1251') return decodeSingleByte(bytes, encoding);
  try {
    return new TextDecoder(encoding, { fatal: isDoubleByte(encoding) }).decode(bytes);
  } catch {
    return null;
  }
}

/** Up to 64 KB of the lines that hold bytes above ASCII: what tells the encodings apart. */
function telling(bytes: Uint8Array): Uint8Array {
  const limit = 64 * 1024;
  if (bytes.length <= limit) return bytes;
  const out = new Uint8Array(limit);
  let n = 0;
  let start = 0;
  for (let i = 0; i <= bytes.length && n < limit; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) continue;
    const line = bytes.subarray(start, i + 1);
    if (line.some((b) => b >= 0x80) && n + line.length <= limit) {
      out.set(line, n);
      n += line.length;
    }
    start = i + 1;
  }
  return n ? out.subarray(0, n) : bytes.subarray(0, limit);
}

/**
 * The legacy encoding whose reading of the bytes is most plausible (encoding-plausibility.ts);
 * a double-byte one only when all of the bytes are valid in it.
 */
export function guessLegacyEncoding(bytes: Uint8Array): LegacyEncoding {
  const sample = telling(bytes);
  const scored: { encoding: LegacyEncoding; odd: number }[] = [];
  // Several encodings often read a file alike (German in Windows-1252, -1254, -1257): scored once.
  const byText = new Map<string, number>();
  for (const encoding of LEGACY_ENCODINGS) {
    const text = decodeLegacy(sample, encoding);
    if (text === null) continue;
    if (isScript(encoding)) {
      const odd = scriptReadingOddities(text, encoding);
      if (odd !== null) scored.push({ encoding, odd });
      continue;
    }
    const odd = byText.get(text) ?? implausibility(text);
    byText.set(text, odd);
    const rare = isDoubleByte(encoding) ? rareCharacters(sample, encoding) : 0;
    scored.push({ encoding, odd: odd + rare + (HANDICAP[encoding] ?? 0) });
  }
  // A stable sort: on a tie the earlier encoding wins.
  scored.sort((a, b) => a.odd - b.odd);
  const valid = scored.find(({ encoding }) => sample === bytes || !isDoubleByte(encoding) || decodeLegacy(bytes, encoding) !== null);
  return valid?.encoding ?? 'windows-1252';
}

/** Bytes that are not UTF-8 as text, in the encoding guessed. */
export function decodeGuessed(bytes: Uint8Array): string {
  return decodeLegacy(bytes, guessLegacyEncoding(bytes))!;
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
