import { z } from '@hono/zod-openapi';
import { CONTACT_FILE_KINDS, CONTACT_FILE_SOURCES, MAX_CONTACT_FILE_LABEL } from '../../domain/files/file-limits';

export const contactFileSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    kind: z
      .enum(CONTACT_FILE_KINDS)
      .openapi({ description: 'photo: a JPEG, PNG, GIF or WebP image, shown inline; document: anything else kept' }),
    file_name: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    source: z.enum(CONTACT_FILE_SOURCES).openapi({ description: 'upload (on the contact page or the API) or monica (a Monica import)' }),
    created_at: z.string(),
    url: z.string().openapi({ description: 'GET downloads the bytes (a photo inline, a document as an attachment)' }),
  })
  .openapi('ContactFile');

export const contactFileUploadSchema = z.object({
  file: z
    .custom<File>((v) => typeof v === 'object' && v !== null && 'arrayBuffer' in v, 'must be a file')
    .openapi({ type: 'string', format: 'binary', description: `At most ${MAX_CONTACT_FILE_LABEL}` }),
});
