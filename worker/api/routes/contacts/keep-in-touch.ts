import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { addReminderCommand } from '../../../domain/keep-in-touch/reminder-commands';
import { listReminders } from '../../../domain/keep-in-touch/reminders';
import { getScoreParts } from '../../../domain/scoring/relationship-score';
import { assertContactExists } from '../../../domain/timeline/list-timeline';
import { logConversationCommand } from '../../../domain/timeline/timeline-commands';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security, unprocessableError } from '../../openapi-helpers';
import { reminderSchema, scorePartsSchema } from '../../schemas/keep-in-touch';
import { interactionSchema } from '../../schemas/detail';
import { idempotencyHeaders } from '../../schemas/write-headers';
import type { AppEnv } from '../../types';

const tags = ['Keep in touch'];

const logRoute = createRoute({
  method: 'post',
  path: '/{id}/interactions',
  tags,
  security,
  description:
    'Logs a call, meeting, coffee, message or note (dated now unless `occurred_at` says otherwise). All but a plain note are contact: last interaction, the cadence and the score move, and older suggestions and follow-ups are dismissed. A note counts only with `conversation: true`. `follow_up` sets a "follow up" reminder in 3 days, 1 week, 1 month, or on a date.',
  request: { params: idParam, headers: idempotencyHeaders, body: jsonBody(logConversationCommand.input) },
  responses: {
    201: dataResponse(z.object({ interaction: interactionSchema, follow_up: reminderSchema.nullable() }), 'Logged'),
    ...commonErrors,
    ...conflictError,
    ...unprocessableError,
  },
});

const scoreRoute = createRoute({
  method: 'get',
  path: '/{id}/score',
  tags,
  security,
  description: 'The parts of the relationship score (ADR 002); null before the first computation.',
  request: { params: idParam },
  responses: { 200: dataResponse(scorePartsSchema.nullable()), ...commonErrors },
});

const listRemindersRoute = createRoute({
  method: 'get',
  path: '/{id}/reminders',
  tags,
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(z.array(reminderSchema), 'Open reminders, soonest first'), ...commonErrors },
});

const addReminderRoute = createRoute({
  method: 'post',
  path: '/{id}/reminders',
  tags,
  security,
  description: '"Remind me on <date>" (a date in your time zone), with an optional note.',
  request: { params: idParam, headers: idempotencyHeaders, body: jsonBody(addReminderCommand.input) },
  responses: { 201: dataResponse(reminderSchema, 'Set'), ...commonErrors, ...conflictError, ...unprocessableError },
});

export const contactKeepInTouchRoutes = new OpenAPIHono<AppEnv>()
  .openapi(logRoute, async (c) =>
    c.json(
      {
        data: await logConversationCommand.run(
          { ...c.var, ...c.req.valid('param'), idempotencyKey: c.req.valid('header')['idempotency-key'] },
          c.req.valid('json'),
        ),
      },
      201,
    ),
  )
  .openapi(scoreRoute, async (c) => {
    const { id } = c.req.valid('param');
    await assertContactExists(c.var.deps.db, c.var.user.id, id);
    return c.json({ data: await getScoreParts(c.var.deps.db, c.var.user.id, id) }, 200);
  })
  .openapi(listRemindersRoute, async (c) =>
    c.json({ data: await listReminders(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200),
  )
  .openapi(addReminderRoute, async (c) =>
    c.json(
      {
        data: await addReminderCommand.run(
          { ...c.var, ...c.req.valid('param'), idempotencyKey: c.req.valid('header')['idempotency-key'] },
          c.req.valid('json'),
        ),
      },
      201,
    ),
  );
