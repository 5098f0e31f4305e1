import { AppError } from '../errors';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './csv-file';
import { guessLegacyEncoding } from './text-encodings';
import { decodeBytes, decodeQuotedPrintable, isUtf8, logicalLines, vcardBytes } from './vcard-bytes';

export { decodeBytes } from './vcard-bytes';

/** One content line of a card: `item1.EMAIL;TYPE=work,pref:ada@example.com`. */
export interface VcardProperty {
  group: string | null;
  /** Upper-cased property name (EMAIL, TEL, X-ABLABEL...). */
  name: string;
  /** Upper-cased parameter names -> values (bare 2.1 parameters such as WORK land in TYPE). */
  params: Record<string, string[]>;
  /** The value as text after transfer decoding (quoted-printable, CHARSET); vCard escapes kept. */
  value: string;
  /** The whole content line as written (unfolded), when asked for and it needed no transfer decoding: a phone's line kept verbatim (ADR 028). */
  raw?: string;
}

export interface RawCard {
  /** 1-based position of the card in the file: the "row" of its import errors. */
  number: number;
  /** 2.1, 3.0 or 4.0. */
  version: string;
  properties: VcardProperty[];
  /** Why the card cannot be read at all (a card too large to stage). */
  problem?: string;
  /** The card ends without END:VCARD (a file cut off, or the next card began): read as far as it goes. */
  cutOff?: boolean;
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 60));
const isBegin = (line: Uint8Array) => line.length < 40 && /^BEGIN:VCARD\s*$/i.test(ascii(line));
const isEnd = (line: Uint8Array) => line.length < 40 && /^END:VCARD\s*$/i.test(ascii(line));
/** vCard 2.1's AGENT whose value is the card that follows it (RFC 2426 §3.5.4 writes it inline instead). */
const opensAgent = (line: Uint8Array | undefined) => !!line && line.length < 60 && /^([\w-]+\.)?AGENT(;[^:]*)?:\s*$/i.test(ascii(line));

const MAX_QUOTED_LINES = 500;

/**
 * Where the card that `BEGIN:VCARD` at `at` opens inside an open card ends, and whether it is part
 * of the open card's value (a NOTE quoting a card): so when the open card's own END:VCARD comes
 * after the inner one's before any other card begins; else the open card was cut off there.
 */
function innerCard(lines: Uint8Array[], at: number): { end: number; inValue: boolean } {
  let depth = 0;
  // A card quoted in a note is short; looking no further keeps a file of cut cards linear.
  const until = Math.min(lines.length, at + MAX_QUOTED_LINES);
  for (let i = at; i < until; i++) {
    if (isBegin(lines[i]!)) depth++;
    else if (isEnd(lines[i]!) && --depth === 0) {
      for (let j = i + 1; j < until; j++) if (isBegin(lines[j]!) || isEnd(lines[j]!)) return { end: i, inValue: isEnd(lines[j]!) };
      return { end: i, inValue: false };
    }
  }
  return { end: at, inValue: false };
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let n = 0;
  for (const part of parts) {
    out.set(part, n);
    n += part.length;
  }
  return out;
}

/** The AGENT line with the card it holds as its value, in 3.0's inline form (lines joined by an escaped line break). */
function inlineAgent(head: Uint8Array, card: Uint8Array[]): Uint8Array {
  const at = head.lastIndexOf(0x3a) + 1;
  return concatBytes([head.subarray(0, at), ...card.flatMap((line, i) => (i ? [Uint8Array.of(0x5c, 0x6e), line] : [line]))]);
}

/**
 * The cards of an uploaded file (Apple, Google, Outlook, Android... vCard 2.1, 3.0 or 4.0, in
 * UTF-8, UTF-16 or a legacy encoding). Lines are unfolded as bytes first, then each card is
 * decoded: as UTF-8 when all of it is valid UTF-8, else in the legacy encoding that reads as the
 * most plausible text (text-encodings.ts), and a property with its own
 * CHARSET or QUOTED-PRINTABLE encoding by those.
 */
export function readVcardFile(fileBytes: Uint8Array, options: { raw?: boolean } = {}): RawCard[] {
  if (fileBytes.byteLength > MAX_IMPORT_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The file is ${(fileBytes.byteLength / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB. Split it into smaller files.`,
    );
  }
  const lines = logicalLines(vcardBytes(fileBytes));
  if (!lines.some(isBegin)) throw new AppError('unsupported_media_type', 'This is not a vCard file: no "BEGIN:VCARD" line was found.');
  const cards: RawCard[] = [];
  let current: Uint8Array[] | null = null;
  // Lines of a card quoted in a value: text of that value, never properties of their own.
  const quoted = new WeakSet<Uint8Array>();
  const close = (cutOff = false) => {
    if (!current) return;
    if (cards.length >= MAX_IMPORT_ROWS)
      throw new AppError('invalid_request', `The file has more than ${MAX_IMPORT_ROWS} cards. Split it into smaller files.`);
    cards.push({ number: cards.length + 1, ...parseCardLines(current, options.raw ?? false, quoted), ...(cutOff ? { cutOff } : {}) });
    current = null;
  };
  // A 2.1 AGENT's card is part of the card that holds it, not a card of its own.
  let agent: Uint8Array[] | null = null;
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (agent) {
      agent.push(line);
      if (isBegin(line)) depth++;
      else if (isEnd(line) && --depth === 0) {
        current!.push(inlineAgent(current!.pop()!, agent));
        agent = null;
      }
    } else if (isBegin(line) && current && opensAgent(current[current.length - 1])) {
      agent = [line];
      depth = 1;
    } else if (isBegin(line)) {
      const inner = current?.length ? innerCard(lines, i) : null;
      if (current && inner?.inValue) {
        for (const quotedLine of lines.slice(i, inner.end + 1)) quoted.add(quotedLine);
        current.push(...lines.slice(i, inner.end + 1));
        i = inner.end;
      } else {
        close(true);
        current = [];
      }
    } else if (isEnd(line)) close();
    else current?.push(line);
  }
  if (agent) current?.push(...agent);
  close(true);
  return cards;
}

/** One card given as text (a test, or a card staged before cards were staged parsed). */
export function cardFromText(number: number, text: string): RawCard {
  const [card] = readVcardFile(new TextEncoder().encode(text));
  return { ...(card ?? { version: '3.0', properties: [] }), number };
}

/** A card's lines as one run of bytes, a line feed between lines: what the encoding guess reads. */
function joinLines(lines: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(lines.reduce((n, l) => n + l.length + 1, 0));
  let at = 0;
  for (const line of lines) {
    out.set(line, at);
    out[at + line.length] = 0x0a;
    at += line.length + 1;
  }
  return out;
}

function parseCardLines(
  lines: Uint8Array[],
  keepRaw: boolean,
  quoted: WeakSet<Uint8Array>,
): { version: string; properties: VcardProperty[] } {
  const charset = lines.every(isUtf8) ? 'utf-8' : guessLegacyEncoding(joinLines(lines));
  const properties: VcardProperty[] = [];
  let version = '3.0';
  for (const line of lines) {
    const prop = quoted.has(line) ? null : parseLine(line, charset, keepRaw);
    if (!prop) {
      continueValue(properties[properties.length - 1], decodeBytes(line, charset));
      continue;
    }
    if (prop.name === 'BEGIN' || prop.name === 'END') continue;
    if (prop.name === 'VERSION') version = prop.value.trim();
    else properties.push(prop);
  }
  return { version, properties };
}

/**
 * A line that is no `name:value`: the rest of the value before it, written on a new line without
 * the fold's space (a NOTE with raw line breaks; vCard 2.1 base64 data, which runs to a blank
 * line). Kept as a line break in a text value, joined to base64 data; never dropped.
 */
function continueValue(last: VcardProperty | undefined, text: string) {
  const rest = text.trim();
  if (!last || !rest) return;
  const binary = /^(b|base64)$/i.test(last.params.ENCODING?.[0] ?? '');
  last.value += binary ? rest : `\\n${rest}`;
  delete last.raw;
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

/** RFC 6868 parameter escapes: ^n a line break, ^' a double quote, ^^ a caret. */
const caretDecode = (v: string) => v.replace(/\^([nN'^])/g, (_, c: string) => (c === "'" ? '"' : c === '^' ? '^' : '\n'));

const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);

/** Parses one unfolded content line; null for a line that is not `name:value`. */
function parseLine(line: Uint8Array, cardCharset: string, keepRaw: boolean): VcardProperty | null {
  // The value starts at the first ':' outside a quoted parameter value.
  let colon = -1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === 0x22) quoted = !quoted;
    else if (line[i] === 0x3a && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const [nameWithGroup, ...rawParams] = splitOutsideQuotes(decodeBytes(line.subarray(0, colon), cardCharset), ';');
  const dot = nameWithGroup!.lastIndexOf('.');
  const params: Record<string, string[]> = {};
  for (const raw of rawParams) {
    const eq = raw.indexOf('=');
    // vCard 2.1 writes bare parameters: `TEL;WORK;VOICE`, `NOTE;QUOTED-PRINTABLE`.
    const key = eq >= 0 ? raw.slice(0, eq).trim().toUpperCase() : BARE_ENCODINGS.has(raw.trim().toUpperCase()) ? 'ENCODING' : 'TYPE';
    const values = eq < 0 ? [raw] : splitOutsideQuotes(raw.slice(eq + 1), ',').map((v) => caretDecode(v.trim().replace(/^"|"$/g, '')));
    (params[key] ??= []).push(...values.map((v) => v.trim()).filter(Boolean));
  }
  let valueBytes = line.subarray(colon + 1);
  const quotedPrintable = params.ENCODING?.[0]?.toUpperCase() === 'QUOTED-PRINTABLE';
  if (quotedPrintable) valueBytes = decodeQuotedPrintable(valueBytes);
  const value = decodeBytes(valueBytes, params.CHARSET?.[0] ?? cardCharset);
  return {
    ...(keepRaw && !quotedPrintable && !params.CHARSET ? { raw: decodeBytes(line, cardCharset) } : {}),
    group: dot > 0 ? nameWithGroup!.slice(0, dot) : null,
    name: nameWithGroup!
      .slice(dot + 1)
      .trim()
      .toUpperCase(),
    params,
    value,
  };
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
