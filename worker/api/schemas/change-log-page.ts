import { z } from '@hono/zod-openapi';

// The query and answers of a page read from the change log by cursor (GET /changes and
// GET /search-index share the log's cursors, so they share this shape too).

export function changeLogPageQuery(pageDefault: number, pageMax: number) {
  return z.object({
    since: z.string().max(20).optional().openapi({ description: "The cursor of an earlier page's meta; empty reads from the beginning" }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(pageDefault)
      .transform((n) => Math.min(n, pageMax))
      .openapi({ description: `Changes per page (at most ${pageMax})` }),
  });
}

export function changeLogPageResponses<T extends z.ZodTypeAny>(item: T, description: string) {
  return {
    200: {
      description,
      content: {
        'application/json': {
          schema: z.object({ data: z.array(item), meta: z.object({ cursor: z.string(), has_more: z.boolean() }) }),
        },
      },
    },
    410: {
      description: 'The cursor is older than the kept tombstones, or not from this account (cursor_expired)',
      content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } },
    },
  };
}
