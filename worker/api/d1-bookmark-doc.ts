import type { OpenAPIHono } from '@hono/zod-openapi';
import { BOOKMARK_HEADER } from '../db/d1-session';

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const schema = { type: 'string', maxLength: 160, pattern: '^[0-9a-fA-F]{1,64}(-[0-9a-fA-F]{1,64}){0,7}$' } as const;

/**
 * The D1 bookmark header on every operation of the OpenAPI document (docs/decisions/014): every
 * answer may carry it, and reads (GET) take it back, so a client reads its own writes even
 * when a read replica answers. It is added here rather than in each route's definition
 * because one place in the Worker handles it for all of them (worker/db/d1-session.ts).
 */
export function withD1BookmarkHeader(doc: OpenApiDocument): OpenApiDocument {
  doc.components ??= {};
  doc.components.headers = {
    ...doc.components.headers,
    D1Bookmark: {
      description: `The database position this answer reflects. Send it back as the \`${BOOKMARK_HEADER}\` request header on your next read to see at least everything up to here, your own writes included.`,
      schema,
    },
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      if (method === 'get') {
        operation.parameters = [
          ...(operation.parameters ?? []),
          // Inline, not a $ref: clients and tools that read parameters expect a schema on each one.
          {
            name: BOOKMARK_HEADER,
            in: 'header',
            required: false,
            schema,
            description: `The last \`${BOOKMARK_HEADER}\` answer this client received: the read starts from a database copy at least that recent. Optional; a value that is not a bookmark is ignored. Writes always run on the primary and ignore it.`,
          },
        ];
      }
      for (const response of Object.values(operation.responses ?? {}) as Record<string, unknown>[]) {
        if ('$ref' in response) continue;
        response.headers = { ...(response.headers as object | undefined), [BOOKMARK_HEADER]: { $ref: '#/components/headers/D1Bookmark' } };
      }
    }
  }
  return doc;
}
