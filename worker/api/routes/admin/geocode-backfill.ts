import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { enqueuePendingGeocodes } from '../../../domain/geocoding/backfill';
import { commonErrors, dataResponse, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const backfillRoute = createRoute({
  method: 'post',
  path: '/geocode/backfill',
  tags: ['Admin'],
  security,
  description:
    'Enqueues geocoding (geocode_contacts jobs of up to 500) for every contact of the signed-in user not yet geocoded; enqueued counts the contacts.',
  responses: { 200: dataResponse(z.object({ enqueued: z.number().int() })), ...commonErrors },
});

export const geocodeBackfillRoutes = new OpenAPIHono<AppEnv>().openapi(backfillRoute, async (c) => {
  const enqueued = await enqueuePendingGeocodes(c.var.deps, c.var.user.id);
  return c.json({ data: { enqueued } }, 200);
});
