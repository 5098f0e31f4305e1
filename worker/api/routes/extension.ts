import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AppError } from '../../domain/errors';
import { linkedinConversationsSchema, syncLinkedinConversations } from '../../domain/imports/linkedin-conversations';
import {
  claimLinkedinOutbox,
  claimSchema,
  LINKEDIN_LEASE_SECONDS,
  reportLinkedinResult,
  resultSchema as outboxResultSchema,
} from '../../domain/linkedin/outbox';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody } from '../openapi-helpers';
import { interactionSchema } from '../schemas/detail';
import type { AppEnv } from '../types';

const resultSchema = z
  .object({
    contacts_created: z.number().int(),
    contacts_updated: z.number().int(),
    messages_logged: z.number().int(),
    conversations: z.array(
      z.object({
        id: z.string(),
        contact_id: z.string().nullable(),
        error: z.string().optional(),
        warnings: z
          .array(z.object({ field: z.string(), value: z.string(), message: z.string() }))
          .optional()
          .openapi({ description: "Values Kith could not read (kept in the contact's notes) or left on another contact" }),
      }),
    ),
  })
  .openapi('LinkedinSyncResult');

const conversationsRoute = createRoute({
  method: 'post',
  path: '/linkedin/conversations',
  tags: ['Imports'],
  summary: 'The browser extension sends LinkedIn conversations (personal access token only)',
  security: [{ Bearer: [] }],
  request: { body: jsonBody(linkedinConversationsSchema) },
  responses: { 200: dataResponse(resultSchema), ...commonErrors },
});

const claimedSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    contact_name: z.string(),
    linkedin_url: z
      .string()
      .nullable()
      .openapi({ description: 'The profile to open; null if the contact lost it since the message was queued (report failed)' }),
    body: z.string(),
    lease_until: z.string().openapi({ description: 'Report before this time, or the message is handed to the next claim' }),
    attempts: z.number().int(),
  })
  .openapi('LinkedinOutboxMessage');

const claimRoute = createRoute({
  method: 'post',
  path: '/linkedin/outbox/claim',
  tags: ['Messages'],
  summary: 'The browser extension claims the oldest LinkedIn messages queued from the composer (personal access token only)',
  description: `Claimed messages are the caller's for ${LINKEDIN_LEASE_SECONDS} seconds; unreported ones are handed out again after that.`,
  security: [{ Bearer: [] }],
  request: { body: { required: false, content: { 'application/json': { schema: claimSchema } } } },
  responses: { 200: dataResponse(z.array(claimedSchema)), ...commonErrors },
});

const resultRoute = createRoute({
  method: 'post',
  path: '/linkedin/outbox/{id}/result',
  tags: ['Messages'],
  summary: 'The browser extension reports whether it sent a claimed LinkedIn message (personal access token only)',
  security: [{ Bearer: [] }],
  request: { params: idParam, body: jsonBody(outboxResultSchema) },
  responses: { 200: dataResponse(interactionSchema, 'The outbound interaction, now sent or failed'), ...commonErrors, ...conflictError },
});

// API.md: the extension authenticates with a Bearer token. A browser session is refused,
// so no page can act for the extension on the user's behalf with their cookie.
function requireToken(c: Context<AppEnv>) {
  if (c.var.authKind !== 'token') {
    c.header('WWW-Authenticate', 'Bearer');
    throw new AppError('unauthenticated', 'This endpoint takes a personal access token (Authorization: Bearer …), not a browser session');
  }
}

export const extensionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(conversationsRoute, async (c) => {
    requireToken(c);
    return c.json({ data: await syncLinkedinConversations(c.var.deps, c.var.user.id, c.req.valid('json'), c.var.caller.tokenId) }, 200);
  })
  .openapi(claimRoute, async (c) => {
    requireToken(c);
    const input = (c.req.valid('json') ?? {}) as { limit?: number };
    return c.json({ data: await claimLinkedinOutbox(c.var.deps, c.var.user.id, input.limit) }, 200);
  })
  .openapi(resultRoute, async (c) => {
    requireToken(c);
    return c.json({ data: await reportLinkedinResult(c.var.deps, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 200);
  });
