import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { updateReminderCommand } from '../../domain/keep-in-touch/reminder-commands';
import { deleteReminder } from '../../domain/keep-in-touch/reminders';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security } from '../openapi-helpers';
import { reminderSchema } from '../schemas/keep-in-touch';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];

const patchReminderRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  security,
  request: { params: idParam, body: jsonBody(updateReminderCommand.input) },
  responses: { 200: dataResponse(reminderSchema), ...commonErrors, ...conflictError },
});

const deleteReminderRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const reminderRoutes = new OpenAPIHono<AppEnv>()
  .openapi(patchReminderRoute, async (c) =>
    c.json({ data: await updateReminderCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteReminderRoute, async (c) => {
    await deleteReminder(c.var.deps.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  });
