import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteTagCommand, renameTagCommand, tagTarget } from '../../domain/tags/tag-commands';
import { listTags } from '../../domain/tags/tags';
import { commonErrors, dataResponse, jsonBody, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Tags'],
  security,
  responses: { 200: dataResponse(z.array(z.object({ tag: z.string(), count: z.number().int() }))), ...commonErrors },
});

const renameRoute = createRoute({
  method: 'patch',
  path: '/{tag}',
  tags: ['Tags'],
  security,
  request: { params: tagTarget, body: jsonBody(renameTagCommand.input) },
  responses: {
    200: dataResponse(z.object({ affected: z.number().int() }), 'Renamed; merged into an existing tag of that name'),
    ...commonErrors,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{tag}',
  tags: ['Tags'],
  security,
  request: { params: tagTarget },
  responses: { 200: dataResponse(z.object({ affected: z.number().int() }), 'Removed from every contact'), ...commonErrors },
});

export const tagRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ data: await listTags(c.var.deps.db, c.var.user.id) }, 200))
  .openapi(renameRoute, async (c) =>
    c.json({ data: await renameTagCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 200),
  )
  .openapi(deleteRoute, async (c) => c.json({ data: await deleteTagCommand.run({ ...c.var, ...c.req.valid('param') }, {}) }, 200));
