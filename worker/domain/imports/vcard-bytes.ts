import { AppError } from '../errors';
import { decodeGuessed, decodeSingleByte, utf16Order, utf16Text } from './text-encodings';

// Bytes before text: a vCard is unfolded as bytes (a fold may fall inside a UTF-8 character),
// and only then decoded, per card and per property (CHARSET, QUOTED-PRINTABLE).

const utf8 = new TextDecoder('utf-8', { fatal: true });
export const isUtf8 = (bytes: Uint8Array) => {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

const SINGLE_BYTE = /^(windows-1252|cp-?1252|x-cp1252|iso-?8859-1|iso_8859-1|latin-?1|l1|us-ascii|ascii|ansi_x3\.4-1968)$/;
const MAC_ROMAN = /^(macintosh|mac|x-mac-roman|mac-?roman|csmacintosh)$/;

/**
 * Bytes as text in `charset`: UTF-8 (falling back to the legacy encoding guessed when the bytes
 * are not UTF-8), Windows-1252/Latin-1 (what Outlook writes), Mac Roman, or any other
 * label the runtime knows.
 */
export function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  const cs = charset.trim().toLowerCase();
  if (SINGLE_BYTE.test(cs)) return decodeSingleByte(bytes);
  if (MAC_ROMAN.test(cs)) return decodeSingleByte(bytes, 'macintosh');
  if (cs !== 'utf-8' && cs !== 'utf8') {
    try {
      return new TextDecoder(cs, { fatal: true }).decode(bytes);
    } catch {
      // An unknown label or bytes that are not in it: fall through to UTF-8, then 1252.
    }
  }
  return isUtf8(bytes) ? utf8.decode(bytes) : decodeGuessed(bytes);
}

/** Quoted-printable (`=C3=A9`, soft breaks already joined) to the bytes it stands for. */
export function decodeQuotedPrintable(ascii: Uint8Array): Uint8Array {
  const out = new Uint8Array(ascii.length);
  let n = 0;
  const hex = (b: number) =>
    b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1;
  for (let i = 0; i < ascii.length; i++) {
    const hi = ascii[i] === 0x3d ? hex(ascii[i + 1] ?? -1) : -1;
    const lo = hi >= 0 ? hex(ascii[i + 2] ?? -1) : -1;
    if (lo >= 0) {
      out[n++] = hi * 16 + lo;
      i += 2;
    } else out[n++] = ascii[i]!;
  }
  return out.subarray(0, n);
}

const startsWithBom = (bytes: Uint8Array) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** The file as UTF-8-or-single-byte bytes without BOM: UTF-16 is converted, binary refused. */
export function vcardBytes(bytes: Uint8Array): Uint8Array {
  const order = utf16Order(bytes);
  if (order) {
    bytes = new TextEncoder().encode(utf16Text(bytes, order));
  }
  const body = startsWithBom(bytes) ? bytes.subarray(3) : bytes;
  if (body.includes(0)) throw new AppError('unsupported_media_type', 'The file contains binary data, not vCard text.');
  return body;
}

const CR = 0x0d;
const LF = 0x0a;
const isBlank = (b: number | undefined) => b === 0x20 || b === 0x09;

/** Whether the line's name and parameters (before the first ':') ask for QUOTED-PRINTABLE. */
function quotedPrintable(line: Uint8Array): boolean {
  const colon = line.indexOf(0x3a);
  const head = String.fromCharCode(...line.subarray(0, colon < 0 ? Math.min(line.length, 200) : Math.min(colon, 200)));
  return /(?:^|;)(?:ENCODING=)?QUOTED-PRINTABLE(?:;|$)/i.test(head);
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The logical lines of a file, unfolded as bytes: a line break (CRLF, LF or CR) followed by one
 * space or tab continues the line (RFC 6350 §3.2, and the bare-LF folds of real files), and a
 * quoted-printable line ending in "=" continues on the next line (vCard 2.1 soft break).
 * Blank lines are dropped.
 */
export function logicalLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let parts: Uint8Array[] = [];
  let qp = false;
  let pos = 0;
  const flush = () => {
    const line = concat(parts);
    if (line.some((b) => !isBlank(b))) lines.push(line);
    parts = [];
  };
  while (pos <= bytes.length) {
    let end = pos;
    while (end < bytes.length && bytes[end] !== CR && bytes[end] !== LF) end++;
    const physical = bytes.subarray(pos, end);
    const next = end < bytes.length && bytes[end] === CR && bytes[end + 1] === LF ? end + 2 : end + 1;
    const last = parts[parts.length - 1];
    // A soft break's "=" may have spaces after it (some writers pad lines): they are no part of the value.
    let softBreak = last?.length ?? 0;
    while (softBreak > 0 && isBlank(last![softBreak - 1])) softBreak--;
    if (parts.length && qp && softBreak && last![softBreak - 1] === 0x3d) {
      // Soft break: drop the "="; Outlook indents some continuation lines.
      parts[parts.length - 1] = last!.subarray(0, softBreak - 1);
      let start = 0;
      while (isBlank(physical[start])) start++;
      parts.push(physical.subarray(start));
    } else if (parts.length && isBlank(physical[0])) {
      parts.push(physical.subarray(1));
    } else {
      if (parts.length) flush();
      // Files joined end to end: each one's byte-order mark opens a line in the middle.
      parts.push(startsWithBom(physical) ? physical.subarray(3) : physical);
      qp = quotedPrintable(physical);
    }
    pos = next;
  }
  if (parts.length) flush();
  return lines;
}
