import { z } from '@hono/zod-openapi';
import { IMPORT_FIELDS } from '../../domain/imports/column-mapping';
import { DIALECT_IDS } from '../../domain/imports/csv-dialects';

export const importFieldSchema = z.enum([...IMPORT_FIELDS, 'ignore']);

export const importViewSchema = z
  .object({
    id: z.string(),
    source: z.string(),
    file_name: z.string().nullable(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    organizations: z.number().int().openapi({ description: 'Company cards of a vCard imported as organizations' }),
    errors: z
      .array(z.object({ row: z.number().int(), message: z.string() }))
      .openapi({ description: 'Rows not imported, and why (up to 1 000; the counts stay exact)' }),
    warned: z.number().int().openapi({ description: 'Rows imported with warnings' }),
    warnings: z.array(z.object({ row: z.number().int(), field: z.string(), value: z.string(), message: z.string() })).openapi({
      description:
        'Values of imported rows that Kith could not read (kept in the notes), read differently, or left on another contact (up to 500)',
    }),
    report: z.array(z.object({ kind: z.string(), count: z.number().int(), where: z.string() })).openapi({
      description:
        'A Monica import: per kind of record, how many came in and where in Kith each landed (or why not); empty for other imports',
    }),
    step: z.string().nullable().openapi({ description: 'A running Monica import: the list it is reading ("notes, page 3")' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Import');

export const pastImportSchema = z
  .object({
    id: z.string(),
    source: z.string().openapi({ description: 'csv, linkedin, vcard, google, monica or backup' }),
    file_name: z.string().nullable(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    warned: z.number().int(),
    organizations: z.number().int(),
    report: importViewSchema.shape.report,
    stopped_because: z.string().nullable().openapi({ description: 'Why the import stopped, when it did (a refused token, a cancel)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PastImport', {
    description: 'An import as the Import page lists it; its rows with errors and warnings are in GET /imports/{id}',
  });

export const csvPreviewSchema = z
  .object({
    kind: z.enum(['csv', 'linkedin']),
    dialect: z
      .object({
        id: z.enum(DIALECT_IDS),
        name: z.string(),
      })
      .nullable()
      .openapi({ description: "The address book (or spreadsheet) the file's header says it came from; null when Kith has no name for it" }),
    headers: z.array(z.string()),
    sample_rows: z.array(z.array(z.string())),
    suggested_mapping: z.record(z.string(), importFieldSchema),
    total_rows: z.number().int(),
  })
  .openapi('CsvPreview');

const fileField = z
  .custom<File>((v) => typeof v === 'object' && v !== null && 'arrayBuffer' in v, 'must be a file')
  .openapi({ type: 'string', format: 'binary' });

export const fileUploadSchema = z.object({ file: fileField });
export const csvImportSchema = z.object({
  file: fileField,
  mapping: z
    .string()
    .max(100_000)
    .optional()
    .openapi({ description: 'JSON object: column header -> Kith field (or "ignore"); absent: the suggested mapping' }),
});

export function multipartBody<T extends z.ZodTypeAny>(schema: T) {
  return { required: true, content: { 'multipart/form-data': { schema } } };
}
