import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { dismissFollowup, listFollowups, snoozeFollowup, snoozeInputSchema } from '../../domain/followups/followups';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security } from '../openapi-helpers';
import { followupSchema } from '../schemas/detail';
import type { AppEnv } from '../types';

const tags = ['Follow-ups'];

const listRoute = createRoute({
  method: 'get',
  path: '/followups',
  tags,
  security,
  request: { query: z.object({ contact_id: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).default(50).transform((n) => Math.min(n, 200)) }) },
  responses: { 200: dataResponse(z.array(followupSchema), 'Open suggestions, oldest due first'), ...commonErrors },
});

const dismissRoute = createRoute({
  method: 'post',
  path: '/followups/{id}/dismiss',
  tags,
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Dismissed' }, ...commonErrors, ...conflictError },
});

const snoozeRoute = createRoute({
  method: 'post',
  path: '/followups/{id}/snooze',
  tags,
  security,
  request: { params: idParam, body: jsonBody(snoozeInputSchema) },
  responses: { 204: { description: 'Hidden for that many days' }, ...commonErrors, ...conflictError },
});

export const followupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { contact_id, limit } = c.req.valid('query');
    return c.json({ data: await listFollowups(c.var.deps.db, c.var.user.id, { contactId: contact_id, limit }) }, 200);
  })
  .openapi(dismissRoute, async (c) => {
    await dismissFollowup(c.var.deps.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(snoozeRoute, async (c) => {
    await snoozeFollowup(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').days);
    return c.body(null, 204);
  });
