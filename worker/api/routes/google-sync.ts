import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { startGoogleSync } from '../../domain/google/sync-google-contacts';
import { commonErrors, conflictError, dataResponse, providerErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const syncRoute = createRoute({
  method: 'post',
  path: '/google-contacts',
  tags: ['Imports'],
  summary: "Sync the connected Google account's contacts (incremental after the first run)",
  security,
  responses: {
    202: dataResponse(z.object({ import_id: z.string() }), 'Queued; poll GET /imports/{id}'),
    ...commonErrors,
    ...conflictError,
    ...providerErrors,
  },
});

export const googleSyncRoutes = new OpenAPIHono<AppEnv>().openapi(syncRoute, async (c) => {
  return c.json({ data: await startGoogleSync(c.var.deps, c.var.user.id) }, 202);
});
