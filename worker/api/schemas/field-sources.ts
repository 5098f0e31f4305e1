import { z } from '@hono/zod-openapi';
import { SOURCE_FIELDS, SOURCE_KINDS } from '../../domain/sources/source-kinds';

export const fieldSourceSchema = z
  .object({
    field: z
      .enum(SOURCE_FIELDS)
      .openapi({ description: "The contact's field ('title', 'company'...); 'email' and 'phone' have one per value" }),
    value: z.string().nullable().openapi({ description: 'The email or phone this source is of; null for a one-value field' }),
    source: z.enum(SOURCE_KINDS).openapi({
      description:
        "Who wrote the value: 'typed' (a form, the page or the API), an import ('csv', 'vcard', 'linkedin'), a sync ('google', 'telegram'), 'enrichment', 'wand' (the AI wand), 'carddav' (a phone), 'backup' (a restore)",
    }),
    source_ref: z
      .string()
      .nullable()
      .openapi({ description: "What names the source: the import's id, the phone's name, the enrichment provider" }),
    recorded_at: z.string().openapi({ description: 'When the source wrote the value' }),
  })
  .openapi('FieldSource');
