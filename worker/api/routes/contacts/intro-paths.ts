import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { introPaths } from '../../../domain/intros/intro-paths';
import { commonErrors, dataResponse, idParam, security } from '../../openapi-helpers';
import { introPathsSchema } from '../../schemas/intro-paths';
import type { AppEnv } from '../../types';

const introPathsRoute = createRoute({
  method: 'get',
  path: '/{id}/intro-paths',
  tags: ['Contacts'],
  summary:
    'Who can introduce you to the contact: the best paths (2 or 3 hops) through relationships, shared organizations and small groups',
  security,
  request: {
    params: idParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(20).default(5).openapi({ description: 'Paths, one per introducer (1–20)' }),
    }),
  },
  responses: { 200: dataResponse(introPathsSchema), ...commonErrors },
});

export const contactIntroPathRoutes = new OpenAPIHono<AppEnv>().openapi(introPathsRoute, async (c) =>
  c.json({ data: await introPaths(c.var.deps.store, c.req.valid('param').id, c.req.valid('query').limit) }, 200),
);
