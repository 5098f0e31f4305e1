import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { commonErrors, dataResponse, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['Map'],
  security,
  responses: { 200: dataResponse(z.object({ map_provider_public_token: z.string().nullable() })), ...commonErrors },
});

export const mapRoutes = new OpenAPIHono<AppEnv>().openapi(configRoute, (c) =>
  c.json({ data: { map_provider_public_token: c.var.deps.settings.MAP_PROVIDER_PUBLIC_TOKEN ?? null } }, 200),
);
