import { $, createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../domain/errors';
import { mappingSchema } from '../../domain/imports/column-mapping';
import { MAX_IMPORT_BYTES } from '../../domain/imports/csv-file';
import { getImport } from '../../domain/imports/import-status';
import { listPastImports, PAST_IMPORTS_MAX_LIMIT } from '../../domain/imports/past-imports';
import { previewCsv, startFileImport } from '../../domain/imports/start-import';
import { startVcardImport } from '../../domain/imports/start-vcard-import';
import { startRestore } from '../../domain/backup/start-restore';
import { invalidRequest, zodIssues } from '../error-envelope';
import { commonErrors, dataResponse, idParam, security } from '../openapi-helpers';
import { csvImportSchema, csvPreviewSchema, fileUploadSchema, importViewSchema, multipartBody, pastImportSchema } from '../schemas/import';
import type { AppEnv } from '../types';

const uploadErrors = {
  413: { description: 'File larger than 20 MB' },
  415: { description: 'Not UTF-8 CSV text (or, for a vCard, not vCard text)' },
} as const;

const previewRoute = createRoute({
  method: 'post',
  path: '/csv/preview',
  tags: ['Imports'],
  security,
  request: { body: multipartBody(fileUploadSchema) },
  responses: { 200: dataResponse(csvPreviewSchema), ...commonErrors, ...uploadErrors },
});

const csvRoute = createRoute({
  method: 'post',
  path: '/csv',
  tags: ['Imports'],
  security,
  request: { body: multipartBody(csvImportSchema) },
  responses: { 202: dataResponse(z.object({ import_id: z.string() }), 'Queued; poll GET /imports/{id}'), ...commonErrors, ...uploadErrors },
});

const linkedinRoute = createRoute({
  method: 'post',
  path: '/linkedin',
  tags: ['Imports'],
  security,
  request: { body: multipartBody(fileUploadSchema) },
  responses: { 202: dataResponse(z.object({ import_id: z.string() }), 'Queued; poll GET /imports/{id}'), ...commonErrors, ...uploadErrors },
});

const vcardRoute = createRoute({
  method: 'post',
  path: '/vcard',
  tags: ['Imports'],
  summary: 'Import a vCard file (2.1, 3.0 or 4.0: Apple Contacts, Google Contacts, Outlook exports); one card is one row of the import',
  security,
  request: { body: multipartBody(fileUploadSchema) },
  responses: { 202: dataResponse(z.object({ import_id: z.string() }), 'Queued; poll GET /imports/{id}'), ...commonErrors, ...uploadErrors },
});

const backupRoute = createRoute({
  method: 'post',
  path: '/backup',
  tags: ['Imports'],
  summary: 'Restore a full backup (GET /backup) into this account: queued in chunks like an import, re-runnable without duplicates',
  description:
    'The whole file is checked before anything is kept: a file that is not a Kith backup is 415, a damaged one (not JSON, a record Kith does not know, a reference to a record the file lacks, cut short) or one of a newer backup version is 422 with the line at fault in details. Every record gets a new id and every reference is remapped; a record this account restored before is skipped, so restoring the same file again changes nothing.',
  security,
  request: { body: multipartBody(fileUploadSchema) },
  responses: {
    202: dataResponse(z.object({ import_id: z.string() }), 'Queued; poll GET /imports/{id}'),
    ...commonErrors,
    413: { description: 'File larger than 20 MB' },
    415: { description: 'Not a Kith backup' },
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Imports'],
  summary: 'Past imports and syncs of contacts, newest first, with their counts and how they ended',
  security,
  request: {
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(PAST_IMPORTS_MAX_LIMIT).default(20),
    }),
  },
  responses: {
    200: {
      description: 'A page of imports; pass meta.next_cursor as cursor for the next',
      content: {
        'application/json': {
          schema: z.object({ data: z.array(pastImportSchema), meta: z.object({ next_cursor: z.string().nullable() }) }),
        },
      },
    },
    ...commonErrors,
  },
});

const statusRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Imports'],
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(importViewSchema), ...commonErrors },
});

/**
 * Refuses an oversized upload from its Content-Length before reading it, and counts the bytes
 * of a streamed (chunked) upload that has none, so it is never buffered whole.
 */
const uploadLimit = bodyLimit({
  maxSize: MAX_IMPORT_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('payload_too_large', 'The file is larger than 20 MB. Split it into smaller files.');
  },
});

function parseMapping(raw: string | undefined) {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidRequest([{ path: 'mapping', message: 'must be a JSON object' }]);
  }
  const parsed = mappingSchema.safeParse(value);
  if (!parsed.success) throw invalidRequest(zodIssues(parsed.error).map((i) => ({ ...i, path: `mapping.${i.path}` })));
  return parsed.data;
}

const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());

export const importRoutes = $(new OpenAPIHono<AppEnv>().use('*', uploadLimit))
  .openapi(previewRoute, async (c) => {
    const { file } = c.req.valid('form');
    return c.json({ data: previewCsv(await bytesOf(file)) }, 200);
  })
  .openapi(csvRoute, async (c) => {
    const { file, mapping } = c.req.valid('form');
    const result = await startFileImport(c.var.deps, c.var.user.id, {
      fileName: file.name,
      bytes: await bytesOf(file),
      mapping: parseMapping(mapping),
      expect: 'csv',
    });
    return c.json({ data: result }, 202);
  })
  .openapi(linkedinRoute, async (c) => {
    const { file } = c.req.valid('form');
    const result = await startFileImport(c.var.deps, c.var.user.id, {
      fileName: file.name,
      bytes: await bytesOf(file),
      expect: 'linkedin',
    });
    return c.json({ data: result }, 202);
  })
  .openapi(vcardRoute, async (c) => {
    const { file } = c.req.valid('form');
    const result = await startVcardImport(c.var.deps, c.var.user.id, { fileName: file.name, bytes: await bytesOf(file) });
    return c.json({ data: result }, 202);
  })
  .openapi(backupRoute, async (c) => {
    const { file } = c.req.valid('form');
    const result = await startRestore(c.var.deps, { fileName: file.name, bytes: await bytesOf(file) });
    return c.json({ data: result }, 202);
  })
  .openapi(listRoute, async (c) => {
    const { items, nextCursor } = await listPastImports(c.var.deps.store, c.req.valid('query'));
    return c.json({ data: items, meta: { next_cursor: nextCursor } }, 200);
  })
  .openapi(statusRoute, async (c) => {
    return c.json({ data: await getImport(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200);
  });
