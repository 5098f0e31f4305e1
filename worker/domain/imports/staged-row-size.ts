import { AppError } from '../errors';
import type { CsvTable } from './csv-file';

/**
 * D1 refuses a string over 2 MB (SQLITE_TOOBIG), and a CSV's rows are staged as JSON, many to a
 * bound parameter. A contacts file's row is a few KB (notes included); this much is generous.
 */
export const MAX_ROW_BYTES = 256 * 1024;
// One staging statement's bound JSON: well inside D1's limit whatever the rows hold.
const MAX_STAGING_BYTES = 900 * 1024;

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).byteLength;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * Refuses, before anything is written, a file whose header or a row is too large to store:
 * a clear 400 naming the row, instead of a 500 from the database halfway through.
 */
export function assertRowsFit(table: CsvTable): void {
  const header = bytesOf(JSON.stringify(table.headers));
  if (header > MAX_ROW_BYTES) {
    throw new AppError(
      'invalid_request',
      `The header row is ${size(header)}; a row can hold at most ${size(MAX_ROW_BYTES)}. Is it really a contacts CSV?`,
      { limit_bytes: MAX_ROW_BYTES },
    );
  }
  for (const row of table.rows) {
    const bytes = bytesOf(JSON.stringify(row.cells));
    if (bytes > MAX_ROW_BYTES) {
      throw new AppError(
        'invalid_request',
        `Row ${row.rowNumber} is ${size(bytes)}; a row can hold at most ${size(MAX_ROW_BYTES)}. Shorten its longest field and upload the file again.`,
        {
          row: row.rowNumber,
          limit_bytes: MAX_ROW_BYTES,
        },
      );
    }
  }
}

/** The rows as [row number, cells JSON] pairs, in groups whose JSON stays under one bound parameter's budget. */
export function stagingChunks(rows: CsvTable['rows']): [number, string][][] {
  const chunks: [number, string][][] = [];
  let chunk: [number, string][] = [];
  let used = 0;
  for (const row of rows) {
    const cells = JSON.stringify(row.cells);
    const bytes = bytesOf(cells) + 16;
    if (chunk.length && used + bytes > MAX_STAGING_BYTES) {
      chunks.push(chunk);
      chunk = [];
      used = 0;
    }
    chunk.push([row.rowNumber, cells]);
    used += bytes;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}
