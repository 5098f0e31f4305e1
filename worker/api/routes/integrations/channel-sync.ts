import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { syncedDrivers, type SyncedDriver } from '../../../domain/channels/drivers';
import { commonErrors, conflictError, dataResponse, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const syncNowRoute = ({ channel, sync }: SyncedDriver) =>
  createRoute({
    method: 'post',
    path: `/${channel}/sync`,
    tags: ['Integrations'],
    summary: sync.summary,
    security,
    responses: { 202: dataResponse(z.object({ queued: z.literal(true) }), 'Queued'), ...commonErrors, ...conflictError },
  });

/**
 * "Sync now" for each channel Kith syncs itself, one fixed path per driver (POST
 * /gmail/sync, /x/sync, /telegram/sync): a new synced driver brings its own route.
 */
export const channelSyncRoutes = syncedDrivers.reduce(
  (app, driver) =>
    app.openapi(syncNowRoute(driver), async (c) => {
      await driver.sync.request(c.var.deps, c.var.user.id);
      return c.json({ data: { queued: true as const } }, 202);
    }),
  new OpenAPIHono<AppEnv>(),
);
