import { z } from '@hono/zod-openapi';
import { recordTarget } from '../domain/record-id';

export const errorSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

/** The error answers every authenticated route can give. */
export const commonErrors = {
  400: errorResponse('Invalid request (details.issues lists each problem)'),
  401: errorResponse('Not signed in'),
  403: errorResponse('Cross-origin write refused'),
  404: errorResponse("Not found (also for another user's ids)"),
  429: errorResponse('Rate limited; see Retry-After'),
} as const;

export const conflictError = { 409: errorResponse('Conflict') } as const;
export const unprocessableError = { 422: errorResponse('Well-formed but impossible') } as const;
export const providerErrors = { 502: errorResponse('Provider error'), 503: errorResponse('Not configured') } as const;

export function dataResponse<T extends z.ZodTypeAny>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema: z.object({ data: schema }) } } };
}

const pageMetaSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export function pagedResponse<T extends z.ZodTypeAny, M extends z.ZodRawShape = Record<never, never>>(
  schema: T,
  description = 'A page of results',
  extraMeta?: M,
) {
  return {
    description,
    content: {
      'application/json': {
        schema: z.object({
          data: z.array(schema),
          meta: pageMetaSchema.extend(extraMeta ?? ({} as M)),
        }),
      },
    },
  };
}

export function jsonBody<T extends z.ZodTypeAny>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

export const idParam = recordTarget;

/** page/page_size of API.md: page_size above 200 is clamped, not refused. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 200)),
};

export function pageMeta(page: number, pageSize: number, total: number) {
  return { page, page_size: pageSize, total, total_pages: Math.max(1, Math.ceil(total / pageSize)) };
}

export const security: Record<string, string[]>[] = [{ Session: [] }, { Bearer: [] }];
