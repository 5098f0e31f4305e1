import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { tagSchema } from '../../domain/contacts/contact-input';
import { deleteTag, listTags, renameTag } from '../../domain/tags/tags';
import { commonErrors, dataResponse, jsonBody, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const tagParam = z.object({ tag: z.string().min(1).max(64) });

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
  request: { params: tagParam, body: jsonBody(z.object({ name: tagSchema }).strict()) },
  responses: { 200: dataResponse(z.object({ affected: z.number().int() }), 'Renamed; merged into an existing tag of that name'), ...commonErrors },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{tag}',
  tags: ['Tags'],
  security,
  request: { params: tagParam },
  responses: { 200: dataResponse(z.object({ affected: z.number().int() }), 'Removed from every contact'), ...commonErrors },
});

export const tagRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ data: await listTags(c.var.deps.db, c.var.user.id) }, 200))
  .openapi(renameRoute, async (c) => c.json({ data: await renameTag(c.var.deps.db, c.var.user.id, c.req.valid('param').tag, c.req.valid('json').name) }, 200))
  .openapi(deleteRoute, async (c) => c.json({ data: await deleteTag(c.var.deps.db, c.var.user.id, c.req.valid('param').tag) }, 200));
