import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { organizationIntroPaths } from '../../../domain/intros/organization-intro-paths';
import { commonErrors, dataResponse, idParam, security } from '../../openapi-helpers';
import { organizationIntroPathsSchema } from '../../schemas/intro-paths';
import type { AppEnv } from '../../types';

const introPathsRoute = createRoute({
  method: 'get',
  path: '/{id}/intro-paths',
  tags: ['Organizations'],
  summary:
    'Who can introduce you to someone at the organization: the best paths (2 or 3 hops) to any of its people, ranked as for a contact',
  security,
  request: {
    params: idParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(20).default(5).openapi({ description: 'Paths, one per introducer (1–20)' }),
    }),
  },
  responses: { 200: dataResponse(organizationIntroPathsSchema), ...commonErrors },
});

export const organizationIntroPathRoutes = new OpenAPIHono<AppEnv>().openapi(introPathsRoute, async (c) =>
  c.json({ data: await organizationIntroPaths(c.var.deps.store, c.req.valid('param').id, c.req.valid('query').limit) }, 200),
);
