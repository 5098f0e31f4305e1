import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  createSmartList,
  deleteSmartList,
  listSmartLists,
  smartListCreateSchema,
  smartListFiltersSchema,
  smartListUpdateSchema,
  updateSmartList,
} from '../../domain/smart-lists/smart-lists';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security, unprocessableError } from '../openapi-helpers';
import type { AppEnv } from '../types';

const smartListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    filters: smartListFiltersSchema,
    search: z.string().openapi({ description: 'The /contacts query string of these filters (open the list at /contacts?{search})' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('SmartList');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Smart lists'],
  summary: "The user's saved filters of the contact list, by name",
  security,
  responses: { 200: dataResponse(z.array(smartListSchema)), ...commonErrors },
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/',
  tags: ['Smart lists'],
  summary: 'Save the contact list filters (q, tags, sources, priorities, score range, sort) under a name',
  security,
  request: { body: jsonBody(smartListCreateSchema) },
  responses: { 201: dataResponse(smartListSchema, 'Saved'), ...commonErrors, ...conflictError, ...unprocessableError },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Smart lists'],
  summary: 'Rename a smart list or replace its filters',
  security,
  request: { params: idParam, body: jsonBody(smartListUpdateSchema) },
  responses: { 200: dataResponse(smartListSchema), ...commonErrors, ...conflictError },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Smart lists'],
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const smartListRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ data: await listSmartLists(c.var.deps.db, c.var.user.id) }, 200))
  .openapi(createRouteDef, async (c) => c.json({ data: await createSmartList(c.var.deps.db, c.var.user.id, c.req.valid('json')) }, 201))
  .openapi(updateRoute, async (c) =>
    c.json({ data: await updateSmartList(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteSmartList(c.var.deps.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  });
