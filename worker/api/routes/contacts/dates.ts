import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { addContactDateCommand } from '../../../domain/dates/date-commands';
import { deleteContactDate, listContactDates } from '../../../domain/dates/important-dates';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security } from '../../openapi-helpers';
import { dateSchema } from '../../schemas/detail';
import type { AppEnv } from '../../types';
import { recordIdSchema } from '../../../domain/record-id';

const listDatesRoute = createRoute({
  method: 'get',
  path: '/{id}/dates',
  tags: ['Contacts'],
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(z.array(dateSchema)), ...commonErrors },
});

const addDateRoute = createRoute({
  method: 'post',
  path: '/{id}/dates',
  tags: ['Contacts'],
  security,
  request: { params: idParam, body: jsonBody(addContactDateCommand.input) },
  responses: { 201: dataResponse(dateSchema, 'Added'), ...commonErrors, ...conflictError },
});

const deleteDateRoute = createRoute({
  method: 'delete',
  path: '/{id}/dates/{date_id}',
  tags: ['Contacts'],
  security,
  request: { params: idParam.extend({ date_id: recordIdSchema }) },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const contactDateRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listDatesRoute, async (c) =>
    c.json({ data: await listContactDates(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200),
  )
  .openapi(addDateRoute, async (c) =>
    c.json({ data: await addContactDateCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 201),
  )
  .openapi(deleteDateRoute, async (c) => {
    const { id, date_id } = c.req.valid('param');
    await deleteContactDate(c.var.deps.db, c.var.user.id, id, date_id);
    return c.body(null, 204);
  });
