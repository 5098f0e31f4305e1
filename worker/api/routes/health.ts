import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { databaseAnswers } from '../../db/database-answers';
import { dataResponse } from '../openapi-helpers';
import type { AppEnv } from '../types';

const healthRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Health'],
  responses: { 200: dataResponse(z.object({ ok: z.boolean(), db: z.boolean() }), 'Ready once D1 answers') },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
  return c.json({ data: { ok: true, db: await databaseAnswers(c.var.server.directory.d1) } }, 200);
});
