import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { AppError } from '../../domain/errors';
import { linkedinConversationsSchema, syncLinkedinConversations } from '../../domain/imports/linkedin-conversations';
import { commonErrors, dataResponse, jsonBody } from '../openapi-helpers';
import type { AppEnv } from '../types';

const resultSchema = z
  .object({
    contacts_created: z.number().int(),
    contacts_updated: z.number().int(),
    messages_logged: z.number().int(),
    conversations: z.array(z.object({ id: z.string(), contact_id: z.string().nullable(), error: z.string().optional() })),
  })
  .openapi('LinkedinSyncResult');

const conversationsRoute = createRoute({
  method: 'post',
  path: '/extension/linkedin/conversations',
  tags: ['Imports'],
  summary: 'The browser extension sends LinkedIn conversations (personal access token only)',
  security: [{ Bearer: [] }],
  request: { body: jsonBody(linkedinConversationsSchema) },
  responses: { 200: dataResponse(resultSchema), ...commonErrors },
});

export const extensionRoutes = new OpenAPIHono<AppEnv>().openapi(conversationsRoute, async (c) => {
  // API.md: the extension authenticates with a Bearer token. A browser session is refused,
  // so no page can post conversations on the user's behalf with their cookie.
  if (c.var.authKind !== 'token') {
    c.header('WWW-Authenticate', 'Bearer');
    throw new AppError('unauthenticated', 'This endpoint takes a personal access token (Authorization: Bearer …), not a browser session');
  }
  return c.json({ data: await syncLinkedinConversations(c.var.deps, c.var.user.id, c.req.valid('json')) }, 200);
});
