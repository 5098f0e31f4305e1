import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { agenda } from '../../domain/keep-in-touch/agenda';
import { agendaTypeSchema, closeAgendaItem, snoozeAgendaItem } from '../../domain/keep-in-touch/agenda-actions';
import { localDateSchema, snoozeInputSchema } from '../../domain/keep-in-touch/calendar-date-input';
import { addReminder, deleteReminder, listReminders, reminderInputSchema, reminderPatchSchema, updateReminder } from '../../domain/keep-in-touch/reminders';
import { getScoreParts } from '../../domain/scoring/relationship-score';
import { assertContactExists } from '../../domain/timeline/list-timeline';
import { logConversation, logInputSchema } from '../../domain/timeline/log-conversation';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, pagedResponse, pageMeta, pageQuery, security, unprocessableError } from '../openapi-helpers';
import { agendaItemSchema, reminderSchema, scorePartsSchema } from '../schemas/keep-in-touch';
import { interactionSchema } from '../schemas/detail';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];

const logRoute = createRoute({
  method: 'post',
  path: '/contacts/{id}/interactions',
  tags,
  security,
  description:
    'Logs a call, meeting, coffee, message or note (dated now unless `occurred_at` says otherwise). All but a plain note are contact: last interaction, the cadence and the score move, and older suggestions and follow-ups are dismissed. A note counts only with `conversation: true`. `follow_up` sets a "follow up" reminder in 3 days, 1 week, 1 month, or on a date.',
  request: { params: idParam, body: jsonBody(logInputSchema) },
  responses: { 201: dataResponse(z.object({ interaction: interactionSchema, follow_up: reminderSchema.nullable() }), 'Logged'), ...commonErrors, ...unprocessableError },
});

const scoreRoute = createRoute({
  method: 'get',
  path: '/contacts/{id}/score',
  tags,
  security,
  description: 'The parts of the relationship score (ADR 002); null before the first computation.',
  request: { params: idParam },
  responses: { 200: dataResponse(scorePartsSchema.nullable()), ...commonErrors },
});

const listRemindersRoute = createRoute({
  method: 'get',
  path: '/contacts/{id}/reminders',
  tags,
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(z.array(reminderSchema), 'Open reminders, soonest first'), ...commonErrors },
});

const addReminderRoute = createRoute({
  method: 'post',
  path: '/contacts/{id}/reminders',
  tags,
  security,
  description: '"Remind me on <date>" (a date in your time zone), with an optional note.',
  request: { params: idParam, body: jsonBody(reminderInputSchema) },
  responses: { 201: dataResponse(reminderSchema, 'Set'), ...commonErrors },
});

const patchReminderRoute = createRoute({
  method: 'patch',
  path: '/reminders/{id}',
  tags,
  security,
  request: { params: idParam, body: jsonBody(reminderPatchSchema) },
  responses: { 200: dataResponse(reminderSchema), ...commonErrors, ...conflictError },
});

const deleteReminderRoute = createRoute({
  method: 'delete',
  path: '/reminders/{id}',
  tags,
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

const agendaRoute = createRoute({
  method: 'get',
  path: '/agenda',
  tags,
  security,
  description:
    'Reminders, cadence dues and suggestions due by `until` (default: a week from today), one list in your time zone, soonest first. Archived contacts produce nothing. Each item is acted on by its `type` and `ref`.',
  request: { query: z.object({ until: localDateSchema.optional(), contact_id: z.string().min(1).max(64).optional(), ...pageQuery }) },
  responses: { 200: pagedResponse(agendaItemSchema), ...commonErrors },
});

const itemParams = z.object({ type: agendaTypeSchema, id: z.string().min(1).max(64) });

const doneRoute = createRoute({
  method: 'post',
  path: '/agenda/{type}/{id}/done',
  tags,
  security,
  description: 'Done: a reminder or suggestion closes; a cadence due starts its next round from today.',
  request: { params: itemParams },
  responses: { 204: { description: 'Done' }, ...commonErrors, ...conflictError, ...unprocessableError },
});

const dismissRoute = createRoute({
  method: 'post',
  path: '/agenda/{type}/{id}/dismiss',
  tags,
  security,
  request: { params: itemParams },
  responses: { 204: { description: 'Dismissed' }, ...commonErrors, ...conflictError, ...unprocessableError },
});

const snoozeRoute = createRoute({
  method: 'post',
  path: '/agenda/{type}/{id}/snooze',
  tags,
  security,
  description: 'Hides the item until a later date: `{"for": "day" | "week" | "month"}` or `{"until": "YYYY-MM-DD"}` (after today).',
  request: { params: itemParams, body: jsonBody(snoozeInputSchema) },
  responses: { 200: dataResponse(z.object({ until: z.string() }), 'Snoozed until that date'), ...commonErrors, ...conflictError, ...unprocessableError },
});

export const keepInTouchRoutes = new OpenAPIHono<AppEnv>()
  .openapi(logRoute, async (c) => c.json({ data: await logConversation(c.var.deps, c.var.user, c.req.valid('param').id, c.req.valid('json')) }, 201))
  .openapi(scoreRoute, async (c) => {
    const { id } = c.req.valid('param');
    await assertContactExists(c.var.deps.db, c.var.user.id, id);
    return c.json({ data: await getScoreParts(c.var.deps.db, c.var.user.id, id) }, 200);
  })
  .openapi(listRemindersRoute, async (c) => c.json({ data: await listReminders(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200))
  .openapi(addReminderRoute, async (c) => c.json({ data: await addReminder(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 201))
  .openapi(patchReminderRoute, async (c) => c.json({ data: await updateReminder(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 200))
  .openapi(deleteReminderRoute, async (c) => {
    await deleteReminder(c.var.deps.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(agendaRoute, async (c) => {
    const { until, contact_id, page, page_size } = c.req.valid('query');
    const { items, total } = await agenda(c.var.deps.db, c.var.user, { until, contactId: contact_id, page, pageSize: page_size });
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(doneRoute, async (c) => {
    const { type, id } = c.req.valid('param');
    await closeAgendaItem(c.var.deps.db, c.var.user, type, id, 'done');
    return c.body(null, 204);
  })
  .openapi(dismissRoute, async (c) => {
    const { type, id } = c.req.valid('param');
    await closeAgendaItem(c.var.deps.db, c.var.user, type, id, 'dismissed');
    return c.body(null, 204);
  })
  .openapi(snoozeRoute, async (c) => {
    const { type, id } = c.req.valid('param');
    return c.json({ data: await snoozeAgendaItem(c.var.deps.db, c.var.user, type, id, c.req.valid('json')) }, 200);
  });
