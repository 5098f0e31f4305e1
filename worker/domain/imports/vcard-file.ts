import { AppError } from '../errors';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './csv-file';

/** One content line of a card: `item1.EMAIL;TYPE=work,pref:ada@example.com`. */
export interface VcardProperty {
  group: string | null;
  /** Upper-cased property name (EMAIL, TEL, X-ABLABEL...). */
  name: string;
  /** Upper-cased parameter names -> values (bare 2.1 parameters such as WORK land in TYPE). */
  params: Record<string, string[]>;
  /** The raw value after transfer decoding (quoted-printable, CHARSET); vCard escapes kept. */
  value: string;
}

export interface RawCard {
  /** 1-based position of the card in the file: the "row" of its import errors. */
  number: number;
  text: string;
  /** Why the card cannot be read at all (a card cut off before END:VCARD). */
  problem?: string;
}

// Windows-1252 differs from Latin-1 only in 0x80-0x9F; workerd's TextDecoder knows UTF-8 only.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
function decodeSingleByte(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

/** Bytes as text in the card's CHARSET (UTF-8 unless told otherwise; Outlook writes Windows-1252). */
export function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  const cs = charset.toLowerCase();
  if (/^(windows-1252|cp1252|iso-8859-1|iso8859-1|latin1|us-ascii|ascii)$/.test(cs)) return decodeSingleByte(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeSingleByte(bytes);
  }
}

/** The uploaded file as text: UTF-8 (with or without BOM), else Windows-1252 as old Outlook writes it. */
export function decodeVcardFile(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new AppError('payload_too_large', `The file is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB. Split it into smaller files.`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new AppError('unsupported_media_type', 'The file is UTF-16 text. Export the contacts as vCard in UTF-8 and upload again.');
  }
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const text = decodeBytes(body);
  if (text.includes('\u0000')) throw new AppError('unsupported_media_type', 'The file contains binary data, not vCard text.');
  if (!/^BEGIN:VCARD\s*$/im.test(text)) throw new AppError('unsupported_media_type', 'This is not a vCard file: no "BEGIN:VCARD" line was found.');
  return text;
}

/** The cards of a file, each as its own text; a card cut off before END:VCARD is kept with a problem. */
export function splitCards(text: string): RawCard[] {
  const lines = text.split(/\r\n|\r|\n/);
  const cards: RawCard[] = [];
  let current: string[] | null = null;
  const close = (problem?: string) => {
    if (!current) return;
    cards.push({ number: cards.length + 1, text: current.join('\r\n'), ...(problem ? { problem } : {}) });
    current = null;
  };
  for (const line of lines) {
    if (/^BEGIN:VCARD\s*$/i.test(line)) {
      close('The card ends without END:VCARD (the file may be cut off)');
      current = [line];
    } else if (/^END:VCARD\s*$/i.test(line)) {
      if (current) current.push(line);
      close();
    } else if (current) {
      current.push(line);
    }
    if (cards.length > MAX_IMPORT_ROWS) throw new AppError('invalid_request', `The file has more than ${MAX_IMPORT_ROWS} cards. Split it into smaller files.`);
  }
  close('The card ends without END:VCARD (the file may be cut off)');
  return cards;
}

const isQuotedPrintable = (head: string) => /(?:^|;)(?:ENCODING=)?QUOTED-PRINTABLE(?:;|:|$)/i.test(head.split(':')[0] ?? '');

/** Content lines of one card: folded lines joined (RFC 6350 §3.2), and 2.1 quoted-printable soft breaks. */
function unfold(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const prev = out.length - 1;
    const softBreak = prev >= 0 && isQuotedPrintable(out[prev]!) && out[prev]!.endsWith('=');
    if (softBreak) out[prev] = out[prev]!.slice(0, -1) + line.replace(/^[ \t]+/, '');
    else if (prev >= 0 && /^[ \t]/.test(line)) out[prev] += line.slice(1);
    else if (line.trim() !== '') out.push(line);
  }
  return out;
}

/** Splits on `sep` outside double quotes. */
function splitOutsideQuotes(s: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of new TextEncoder().encode(value[i]!)) bytes.push(b);
    }
  }
  return decodeBytes(new Uint8Array(bytes), charset);
}

const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);

/** Parses one content line; null for a line that is not `name:value`. */
function parseLine(line: string): VcardProperty | null {
  // The value starts at the first ':' outside a quoted parameter value.
  let colon = -1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const [nameWithGroup, ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  const dot = nameWithGroup!.lastIndexOf('.');
  const params: Record<string, string[]> = {};
  for (const raw of rawParams) {
    const eq = raw.indexOf('=');
    // vCard 2.1 writes bare parameters: `TEL;WORK;VOICE`, `NOTE;QUOTED-PRINTABLE`.
    const key = eq >= 0 ? raw.slice(0, eq).trim().toUpperCase() : BARE_ENCODINGS.has(raw.toUpperCase()) ? 'ENCODING' : 'TYPE';
    const values = eq < 0 ? [raw] : splitOutsideQuotes(raw.slice(eq + 1), ',').map((v) => v.replace(/^"|"$/g, ''));
    (params[key] ??= []).push(...values.map((v) => v.trim()).filter(Boolean));
  }
  let value = line.slice(colon + 1);
  const encoding = params.ENCODING?.[0]?.toUpperCase();
  if (encoding === 'QUOTED-PRINTABLE') value = decodeQuotedPrintable(value, params.CHARSET?.[0] ?? 'utf-8');
  return { group: dot > 0 ? nameWithGroup!.slice(0, dot) : null, name: nameWithGroup!.slice(dot + 1).toUpperCase(), params, value };
}

/** The properties of one card, BEGIN/END/VERSION excluded; `version` is 2.1, 3.0 or 4.0. */
export function parseCard(text: string): { version: string; properties: VcardProperty[] } {
  const properties: VcardProperty[] = [];
  let version = '3.0';
  for (const line of unfold(text)) {
    const prop = parseLine(line);
    if (!prop || prop.name === 'BEGIN' || prop.name === 'END') continue;
    if (prop.name === 'VERSION') version = prop.value.trim();
    else properties.push(prop);
  }
  return { version, properties };
}

/** A text value with vCard escapes undone (`\n`, `\,`, `\;`, `\\`). */
export function unescapeText(value: string): string {
  return value.replace(/\\([nN,;:\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a structured value (N, ADR, ORG) or a list (CATEGORIES) on unescaped separators, then unescapes. */
export function splitValue(value: string, sep: ';' | ','): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\' && i + 1 < value.length) {
      cur += value[i]! + value[i + 1]!;
      i++;
    } else if (value[i] === sep) {
      parts.push(cur);
      cur = '';
    } else cur += value[i];
  }
  parts.push(cur);
  return parts.map((p) => unescapeText(p).trim());
}
