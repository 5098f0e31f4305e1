import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { recordIdSchema } from '../../../domain/record-id';
import { addLifeEventCommand, editLifeEventCommand } from '../../../domain/life-events/life-event-commands';
import { deleteLifeEvent, getLifeEvent, listLifeEvents } from '../../../domain/life-events/life-events';
import {
  commonErrors,
  dataResponse,
  idParam,
  jsonBody,
  pagedResponse,
  pageMeta,
  pageQuery,
  security,
  unprocessableError,
} from '../../openapi-helpers';
import { lifeEventSchema } from '../../schemas/life-events';
import type { AppEnv } from '../../types';

const eventParam = idParam.extend({ event_id: recordIdSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/events',
  tags: ['Contacts'],
  summary: "The contact's life events, newest first",
  security,
  request: {
    params: idParam,
    query: z.object({
      ...pageQuery,
      status: z
        .enum(['accepted', 'proposed', 'dismissed'])
        .default('accepted')
        .openapi({ description: 'accepted (the Life section), proposed (found, waiting) or dismissed' }),
    }),
  },
  responses: { 200: pagedResponse(lifeEventSchema), ...commonErrors },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}/events/{event_id}',
  tags: ['Contacts'],
  summary: 'One life event of the contact, with its evidence',
  security,
  request: { params: eventParam },
  responses: { 200: dataResponse(lifeEventSchema), ...commonErrors },
});

const createEventRoute = createRoute({
  method: 'post',
  path: '/{id}/events',
  tags: ['Contacts'],
  summary: 'Adds a life event to the contact (a new job, a move, a wedding...)',
  security,
  request: { params: idParam, body: jsonBody(addLifeEventCommand.input) },
  responses: { 201: dataResponse(lifeEventSchema, 'Added'), ...commonErrors, ...unprocessableError },
});

const updateEventRoute = createRoute({
  method: 'patch',
  path: '/{id}/events/{event_id}',
  tags: ['Contacts'],
  summary: 'Changes a life event; where it was found stays as it was',
  security,
  request: { params: eventParam, body: jsonBody(editLifeEventCommand.input) },
  responses: { 200: dataResponse(lifeEventSchema), ...commonErrors },
});

const deleteEventRoute = createRoute({
  method: 'delete',
  path: '/{id}/events/{event_id}',
  tags: ['Contacts'],
  summary: 'Deletes a life event',
  security,
  request: { params: eventParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const contactLifeEventRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { page, page_size, status } = c.req.valid('query');
    const { items, total } = await listLifeEvents(c.var.deps.store, c.req.valid('param').id, [status], page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { id, event_id } = c.req.valid('param');
    return c.json({ data: await getLifeEvent(c.var.deps.store, id, event_id) }, 200);
  })
  .openapi(createEventRoute, async (c) =>
    c.json({ data: await addLifeEventCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 201),
  )
  .openapi(updateEventRoute, async (c) =>
    c.json({ data: await editLifeEventCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteEventRoute, async (c) => {
    const { id, event_id } = c.req.valid('param');
    await deleteLifeEvent(c.var.deps.store, id, event_id);
    return c.body(null, 204);
  });
