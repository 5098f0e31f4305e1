import Papa from 'papaparse';
import { AppError } from '../errors';
import { isLinkedinHeader } from './column-mapping';
import { excelSeparatorLine, guessDelimiter } from './csv-delimiter';
import { decodeGuessed, looksLikeDamagedUtf8, utf16Order, utf16Text } from './text-encodings';

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
/** Contact exports have a few dozen columns (Google ~90); a million would exhaust the Worker's memory in the parser. */
export const MAX_IMPORT_COLUMNS = 1_000;

export interface CsvTable {
  /** 'linkedin' when the file is LinkedIn's Connections.csv export. */
  kind: 'csv' | 'linkedin';
  /** The separator the file uses (comma, semicolon, tab or bar). */
  delimiter: string;
  /** The name of the table a Numbers export put above the header ("Include table names"), if any. */
  tableName: string | null;
  headers: string[];
  /** Data rows that are not blank; `rowNumber` counts lines as a spreadsheet shows them. */
  rows: { rowNumber: number; cells: string[] }[];
}

/** Whether the file is UTF-16 (Excel's "Unicode text", Numbers' UTF-16 export), with or without a byte-order mark. */
export const isUtf16 = (bytes: Uint8Array) => utf16Order(bytes) !== null;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text of an uploaded file: UTF-8 with or without BOM, UTF-16 with or without BOM, else the
 * legacy encoding (what Excel and Outlook write when not asked for UTF-8: Windows-1252, Mac
 * Roman, Windows-1250/1251, ISO-8859-2, Shift_JIS, GBK, Big5, EUC-KR) the bytes read most
 * plausibly in (ADR 065, 072). A workbook, binary data or UTF-8 with broken bytes is a clear 415.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The file is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB. Split it into smaller files.`,
    );
  }
  const order = utf16Order(bytes);
  if (order) {
    const text = utf16Text(bytes, order);
    if (text.includes('\u0000')) throw new AppError('unsupported_media_type', 'The file contains binary data, not CSV text.');
    return text;
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new AppError('unsupported_media_type', 'This looks like an Excel or Numbers workbook. Export it as "CSV UTF-8" and upload that.');
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  if (body.includes(0)) throw new AppError('unsupported_media_type', 'The file contains binary data, not CSV text.');
  try {
    return utf8.decode(body);
  } catch {
    if (bom || looksLikeDamagedUtf8(body)) {
      throw new AppError(
        'unsupported_media_type',
        'The file is UTF-8 text with some broken bytes in it (it may have been cut or joined). Save it again as "CSV UTF-8" and upload that.',
      );
    }
    return decodeGuessed(body);
  }
}

/** The line of LinkedIn's header, which since 2020 follows a few "Notes:" lines; -1 when there is none. */
function linkedinHeaderLine(text: string): number {
  const lines = text.slice(0, 4000).split('\n').slice(0, 30);
  return lines.findIndex((line) => isLinkedinHeader(line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'))));
}

const DELIMITERS = [0x2c, 0x3b, 0x09, 0x7c]; // , ; tab |

/**
 * Refuses a record with more than MAX_IMPORT_COLUMNS cells before the parser allocates them:
 * one pass counting each candidate delimiter outside quotes, per record.
 */
function assertColumnCount(text: string): void {
  const counts = [0, 0, 0, 0];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) quoted = !quoted;
    else if (quoted) continue;
    else if (c === 0x0a || c === 0x0d) counts.fill(0);
    else {
      const d = DELIMITERS.indexOf(c);
      if (d >= 0 && ++counts[d]! >= MAX_IMPORT_COLUMNS) {
        throw new AppError(
          'invalid_request',
          `A row of the file has more than ${MAX_IMPORT_COLUMNS.toLocaleString('en')} columns. Is it really a contacts CSV?`,
          { limit: MAX_IMPORT_COLUMNS },
        );
      }
    }
  }
}

/**
 * Line ends outside quoted fields as LF: a file whose rows end in CR (old Mac) or in a mix of
 * CRLF and LF (files joined or edited by hand) would otherwise glue rows together, as the
 * parser splits on the first kind it sees. Line breaks inside a quoted field stay as written.
 */
function unifyLineEnds(text: string): string {
  if (!text.includes('\r')) return text;
  let out = '';
  let from = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) quoted = !quoted;
    else if (c === 0x0d && !quoted) {
      out += text.slice(from, i) + '\n';
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

/** Parses CSV text (comma, semicolon, tab or bar separated; quoted multi-line fields). */
export function parseCsv(raw: string, maxRows = MAX_IMPORT_ROWS): CsvTable {
  assertColumnCount(raw);
  // Excel's "sep=;" first line names the separator; it is not the header.
  const sep = excelSeparatorLine(raw);
  const text = unifyLineEnds(sep ? raw.slice(sep.length) : raw);
  const headerLine = linkedinHeaderLine(text);
  const body = headerLine > 0 ? text.split('\n').slice(headerLine).join('\n') : text;
  const delimiter = sep?.delimiter ?? guessDelimiter(body);
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false, delimiter });
  const records = parsed.data;
  const offset = Math.max(0, headerLine) + (sep ? 2 : 1);
  assertQuotesClosed(parsed.errors, records, offset);
  let headerIndex = records.findIndex((r) => r.some((c) => c.trim()));
  if (headerIndex < 0) throw new AppError('invalid_request', 'The file is empty: it needs a header row and at least one row of data.');
  // Numbers' "Include table names" writes the table's name alone on the line above its header.
  const titleCells = records[headerIndex]!.filter((c) => c.trim());
  const next = records.findIndex((r, i) => i > headerIndex && r.some((c) => c.trim()));
  const tableName = titleCells.length === 1 && next > 0 && records[next]!.filter((c) => c.trim()).length > 1 ? titleCells[0]!.trim() : null;
  if (tableName !== null) headerIndex = next;
  const headerCells = records[headerIndex]!.map((h) => h.trim());
  const kind = isLinkedinHeader(uniqueHeaders(headerCells)) ? 'linkedin' : 'csv';
  const rows: CsvTable['rows'] = [];
  let width = headerCells.length;
  for (let i = headerIndex + 1; i < records.length; i++) {
    const cells = records[i]!;
    if (!cells.some((c) => c.trim())) continue;
    if (rows.length >= maxRows) {
      throw new AppError('invalid_request', `The file has more than ${maxRows.toLocaleString('en')} rows. Split it into smaller files.`, {
        limit: maxRows,
      });
    }
    rows.push({ rowNumber: i + offset, cells });
    for (let c = cells.length - 1; c >= width; c--) if (cells[c]!.trim()) width = c + 1;
  }
  if (rows.length === 0) throw new AppError('invalid_request', 'The file has a header row but no rows of data.');
  // Values in cells beyond the header (a row with more cells than named columns) get a column too.
  const headers = uniqueHeaders([...headerCells, ...Array<string>(width - headerCells.length).fill('')]);
  return { kind, delimiter, tableName, headers, rows };
}

/**
 * A quote that opens a cell and is never closed makes the rest of the file that one cell: every
 * row after it would be imported as its text. Refused with the row and the cell's start, so the
 * user can close it; a cell of the last line that only runs to the end of the file is kept.
 */
function assertQuotesClosed(errors: Papa.ParseError[], records: string[][], offset: number): void {
  if (!errors.some((e) => e.code === 'MissingQuotes')) return;
  const last = records[records.length - 1] ?? [];
  const cell = last[last.length - 1] ?? '';
  const lineBreak = cell.search(/[\r\n]\s*\S/);
  if (lineBreak < 0) return;
  const start = cell.slice(0, Math.min(lineBreak, 60));
  throw new AppError(
    'invalid_request',
    `Row ${records.length - 1 + offset}: the cell that starts "${start}" opens a quote that is never closed, so every line after it would be read into that one cell. Close the quote (or remove it) and upload the file again.`,
    { row: records.length - 1 + offset },
  );
}

/** Repeated or blank headers get a suffix so each column can be mapped on its own. */
function uniqueHeaders(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((h, i) => {
    const base = h || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
