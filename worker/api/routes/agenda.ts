import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { agenda } from '../../domain/keep-in-touch/agenda';
import { agendaItemTarget } from '../../domain/keep-in-touch/agenda-actions';
import { dismissAgendaItemCommand, markAgendaItemDoneCommand } from '../../domain/keep-in-touch/agenda-close-commands';
import { snoozeAgendaItemCommand } from '../../domain/keep-in-touch/agenda-snooze-command';
import { localDateSchema } from '../../domain/keep-in-touch/calendar-date-input';
import {
  commonErrors,
  conflictError,
  dataResponse,
  jsonBody,
  pagedResponse,
  pageMeta,
  pageQuery,
  security,
  unprocessableError,
} from '../openapi-helpers';
import { agendaItemSchema } from '../schemas/keep-in-touch';
import type { AppEnv } from '../types';
import { recordIdSchema } from '../../domain/record-id';

const tags = ['Keep in touch'];

const agendaRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  description:
    'Reminders, cadence dues and suggestions due by `until` (default: a week from today), one list in your time zone, soonest first. Archived contacts produce nothing. Each item is acted on by its `type` and `ref`.',
  request: { query: z.object({ until: localDateSchema.optional(), contact_id: recordIdSchema.optional(), ...pageQuery }) },
  responses: { 200: pagedResponse(agendaItemSchema), ...commonErrors },
});

const doneRoute = createRoute({
  method: 'post',
  path: '/{type}/{id}/done',
  tags,
  security,
  description: 'Done: a reminder or suggestion closes; a cadence due starts its next round from today.',
  request: { params: agendaItemTarget },
  responses: { 204: { description: 'Done' }, ...commonErrors, ...conflictError, ...unprocessableError },
});

const dismissRoute = createRoute({
  method: 'post',
  path: '/{type}/{id}/dismiss',
  tags,
  security,
  request: { params: agendaItemTarget },
  responses: { 204: { description: 'Dismissed' }, ...commonErrors, ...conflictError, ...unprocessableError },
});

const snoozeRoute = createRoute({
  method: 'post',
  path: '/{type}/{id}/snooze',
  tags,
  security,
  description: 'Hides the item until a later date: `{"for": "day" | "week" | "month"}` or `{"until": "YYYY-MM-DD"}` (after today).',
  request: { params: agendaItemTarget, body: jsonBody(snoozeAgendaItemCommand.input) },
  responses: {
    200: dataResponse(z.object({ until: z.string() }), 'Snoozed until that date'),
    ...commonErrors,
    ...conflictError,
    ...unprocessableError,
  },
});

export const agendaRoutes = new OpenAPIHono<AppEnv>()
  .openapi(agendaRoute, async (c) => {
    const { until, contact_id, page, page_size } = c.req.valid('query');
    const { items, total } = await agenda(c.var.deps.db, c.var.user, { until, contactId: contact_id, page, pageSize: page_size });
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(doneRoute, async (c) => {
    await markAgendaItemDoneCommand.run({ ...c.var, ...c.req.valid('param') }, {});
    return c.body(null, 204);
  })
  .openapi(dismissRoute, async (c) => {
    await dismissAgendaItemCommand.run({ ...c.var, ...c.req.valid('param') }, {});
    return c.body(null, 204);
  })
  .openapi(snoozeRoute, async (c) => {
    return c.json({ data: await snoozeAgendaItemCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200);
  });
