import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { recordIdSchema } from '../../../domain/record-id';
import { addContactFile, deleteContactFile, listContactFiles, readContactFile } from '../../../domain/files/contact-files';
import { filesBucket } from '../../../domain/files/file-storage';
import { MAX_CONTACT_FILE_LABEL } from '../../../domain/files/file-limits';
import { commonErrors, dataResponse, errorSchema, idParam, pagedResponse, pageMeta, pageQuery, security } from '../../openapi-helpers';
import { contactFileSchema, contactFileUploadSchema } from '../../schemas/contact-files';
import { multipartBody } from '../../schemas/import';
import type { AppEnv } from '../../types';

const fileParam = idParam.extend({ file_id: recordIdSchema });
const errorBody = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/files',
  tags: ['Contacts'],
  summary: "The contact's photos and documents, newest first",
  security,
  request: { params: idParam, query: z.object(pageQuery) },
  responses: { 200: pagedResponse(contactFileSchema), ...commonErrors },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/{id}/files/{file_id}',
  tags: ['Contacts'],
  summary: 'The bytes of one of the contact’s files',
  description:
    'A photo (JPEG, PNG, GIF, WebP whose bytes say so) is served inline; anything else as an attachment. Every answer carries X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy.',
  security,
  request: { params: fileParam },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...commonErrors,
  },
});

const uploadRoute = createRoute({
  method: 'post',
  path: '/{id}/files',
  tags: ['Contacts'],
  summary: `Keeps a photo or a document on the contact (multipart, field "file", at most ${MAX_CONTACT_FILE_LABEL})`,
  security,
  request: { params: idParam, body: multipartBody(contactFileUploadSchema) },
  responses: {
    201: dataResponse(contactFileSchema, 'Kept'),
    ...commonErrors,
    409: errorBody('The account keeps as many files, or as many bytes, as it may (FILES_PER_ACCOUNT, FILES_BYTES_PER_ACCOUNT)'),
    413: errorBody(`Larger than ${MAX_CONTACT_FILE_LABEL}`),
    415: errorBody('A type Kith does not keep, or an image whose bytes are not the type it says'),
    503: errorBody('No file storage on this server'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}/files/{file_id}',
  tags: ['Contacts'],
  summary: 'Deletes one of the contact’s files, its bytes too',
  security,
  request: { params: fileParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposition = (inline: boolean, name: string) =>
  `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const contactFileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listContactFiles(c.var.deps.store, c.req.valid('param').id, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(downloadRoute, async (c) => {
    const { id, file_id } = c.req.valid('param');
    const file = await readContactFile(c.var.deps.store, filesBucket(c.var.deps.env), id, file_id);
    return new Response(file.body, {
      headers: {
        'content-type': file.view.content_type,
        'content-length': String(file.view.byte_size),
        'content-disposition': disposition(file.inline, file.view.file_name),
        etag: file.etag,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  })
  .openapi(uploadRoute, async (c) => {
    const { file } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const view = await addContactFile(c.var.deps.store, filesBucket(c.var.deps.env), c.var.deps.settings, c.req.valid('param').id, {
      bytes,
      fileName: file.name,
      declaredType: file.type,
    });
    return c.json({ data: view }, 201);
  })
  .openapi(deleteRoute, async (c) => {
    const { id, file_id } = c.req.valid('param');
    await deleteContactFile(c.var.deps.store, filesBucket(c.var.deps.env), id, file_id);
    return c.body(null, 204);
  });
