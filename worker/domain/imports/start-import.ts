import { newId, nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { checkMapping, linkedinMapping, suggestMapping, type ColumnMapping } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { recognizeDialect, type CsvDialect } from './csv-dialects';
import { decodeCsv, isUtf16, parseCsv } from './csv-file';
import { newFileImportStatement, stageRowsStatement } from './import-queries';
import { assertRowsFit, stagingChunks } from './staged-row-size';
import { assertMayImport } from './import-limit';

export interface CsvPreview {
  kind: 'csv' | 'linkedin';
  /** The address book the header says the file came from, or null. */
  dialect: CsvDialect | null;
  headers: string[];
  sample_rows: string[][];
  suggested_mapping: ColumnMapping;
  total_rows: number;
}

export function previewCsv(bytes: Uint8Array): CsvPreview {
  const table = parseCsv(decodeCsv(bytes));
  assertRowsFit(table);
  return {
    kind: table.kind,
    dialect: recognizeDialect({ ...table, utf16: isUtf16(bytes) }),
    headers: table.headers,
    // As they will be imported: without the quote an export put before a formula-like value.
    sample_rows: table.rows.slice(0, 5).map((r) => r.cells.map(restoreCsvValue)),
    suggested_mapping:
      table.kind === 'linkedin'
        ? linkedinMapping(table.headers)
        : suggestMapping(
            table.headers,
            table.rows.map((r) => r.cells),
          ),
    total_rows: table.rows.length,
  };
}

export interface FileImportInput {
  fileName: string | null;
  bytes: Uint8Array;
  /** The user's column -> field choices; absent: the suggested mapping. */
  mapping?: ColumnMapping;
  /** 'linkedin' insists on LinkedIn's Connections.csv. */
  expect: 'csv' | 'linkedin';
}

/**
 * Parses and stages the file's rows in D1, then hands the import to the queue; the upload
 * answers at once with the import id and the job reports progress on the imports row.
 */
export async function startFileImport(deps: Deps, userId: string, input: FileImportInput): Promise<{ import_id: string }> {
  assertMayImport(deps.db);
  const table = parseCsv(decodeCsv(input.bytes));
  assertRowsFit(table);
  if (input.expect === 'linkedin' && table.kind !== 'linkedin') {
    throw new AppError(
      'invalid_request',
      'This is not LinkedIn\'s Connections.csv: no header with "First Name", "Last Name" and "Connected On" (and optionally URL, Email Address, Company, Position) was found.',
    );
  }
  const mapping = checkMapping(
    table.headers,
    input.mapping ??
      (table.kind === 'linkedin'
        ? linkedinMapping(table.headers)
        : suggestMapping(
            table.headers,
            table.rows.map((r) => r.cells),
          )),
  );
  const d1 = deps.store.d1;
  const id = newId();
  const now = nowIso();
  const statements = [
    newFileImportStatement(d1, {
      id,
      userId,
      total: table.rows.length,
      source: table.kind,
      fileName: input.fileName?.slice(0, 200) ?? null,
      mapping: JSON.stringify({ headers: table.headers, mapping }),
      now,
    }),
    ...stagingChunks(table.rows).map((chunk) => stageRowsStatement(d1, id, chunk)),
  ];
  await d1.batch(statements);
  await deps.jobs.send({ type: 'run_import', user_id: userId, import_id: id });
  return { import_id: id };
}
