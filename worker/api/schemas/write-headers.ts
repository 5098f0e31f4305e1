import { z } from '@hono/zod-openapi';
import { idempotencyKeySchema } from '../../domain/idempotency/idempotency-key';

/** The Idempotency-Key request header of writes a client may send twice (ADR 045). Named in lower case, as Hono's header validator sees it (the OpenAPI generator refuses a name that differs from the key); HTTP header names are case-insensitive. */
export const idempotencyHeaders = z.object({
  'idempotency-key': idempotencyKeySchema.optional().openapi({
    param: { name: 'idempotency-key', in: 'header' },
    description:
      'Any unique string (a UUID). Sent again with the same key and the same body, the write is not repeated: the first answer comes back. The same key with another body is refused (422); while the first request still runs, 409. Keys are kept 30 days.',
  }),
});

/** PATCH's If-Match: the `updated_at` the edit was made on, quoted or not (`W/` is ignored). */
export const editHeaders = idempotencyHeaders.extend({
  'if-match': z
    .string()
    .max(100)
    .optional()
    .openapi({
      param: { name: 'if-match', in: 'header' },
      description:
        "The contact's `updated_at` this edit was made on. When the contact changed since, nothing is saved and the answer is 409 `conflict` with `details.reason: changed_meanwhile` and the current `details.updated_at`.",
    }),
});

/** The version an If-Match names, without its quotes. */
export const versionOf = (ifMatch: string | undefined): string | undefined =>
  ifMatch === undefined ? undefined : ifMatch.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
