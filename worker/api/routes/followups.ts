import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { listFollowups } from '../../domain/followups/followups';
import { dismissAgendaItemCommand } from '../../domain/keep-in-touch/agenda-close-commands';
import { snoozeAgendaItemCommand } from '../../domain/keep-in-touch/agenda-snooze-command';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security, unprocessableError } from '../openapi-helpers';
import { followupSchema } from '../schemas/detail';
import type { AppEnv } from '../types';

const tags = ['Follow-ups'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  request: {
    query: z.object({
      contact_id: z.string().max(64).optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .default(50)
        .transform((n) => Math.min(n, 200)),
    }),
  },
  responses: { 200: dataResponse(z.array(followupSchema), 'Open suggestions, oldest due first'), ...commonErrors },
});

const dismissRoute = createRoute({
  method: 'post',
  path: '/{id}/dismiss',
  tags,
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Dismissed' }, ...commonErrors, ...conflictError },
});

const snoozeRoute = createRoute({
  method: 'post',
  path: '/{id}/snooze',
  tags,
  security,
  description:
    'Hides the suggestion until a later date: `{"days": n}`, `{"for": "day" | "week" | "month"}` or `{"until": "YYYY-MM-DD"}` (your time zone). See also /agenda.',
  request: { params: idParam, body: jsonBody(snoozeAgendaItemCommand.input) },
  responses: { 204: { description: 'Hidden until then' }, ...commonErrors, ...conflictError, ...unprocessableError },
});

export const followupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { contact_id, limit } = c.req.valid('query');
    return c.json({ data: await listFollowups(c.var.deps.db, c.var.user.id, { contactId: contact_id, limit }) }, 200);
  })
  .openapi(dismissRoute, async (c) => {
    await dismissAgendaItemCommand.run({ ...c.var, type: 'followup', ...c.req.valid('param') }, {});
    return c.body(null, 204);
  })
  .openapi(snoozeRoute, async (c) => {
    await snoozeAgendaItemCommand.run({ ...c.var, type: 'followup', ...c.req.valid('param') }, c.req.valid('json'));
    return c.body(null, 204);
  });
