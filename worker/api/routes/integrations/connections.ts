import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CHANNELS } from '../../../db/schema';
import { disconnectChannel, listChannelConnections } from '../../../domain/channels/connections';
import { notFound } from '../../../domain/errors';
import { commonErrors, dataResponse, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';
import { channelSyncRoutes } from './channel-sync';

const connectionSchema = z
  .object({
    channel: z.enum(CHANNELS),
    status: z.enum(['not_connected', 'pending', 'connected', 'error']),
    account_label: z
      .string()
      .nullable()
      .openapi({ description: 'The connected account as the user knows it (an email address, @handle...)' }),
    last_synced_at: z.string().nullable(),
    last_error: z.string().nullable().openapi({ description: 'Why the channel needs attention (status error)' }),
    connected_at: z.string().nullable(),
  })
  .openapi('ChannelConnection');

const channelParam = z.object({ channel: z.enum(CHANNELS) });

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Integrations'],
  summary: 'Every messaging channel with its connection status and last sync (never a credential)',
  security,
  responses: { 200: dataResponse(z.array(connectionSchema)), ...commonErrors },
});

const disconnectRoute = createRoute({
  method: 'delete',
  path: '/{channel}',
  tags: ['Integrations'],
  summary: 'Disconnect a channel: its stored credentials are deleted; synced interactions stay',
  security,
  request: { params: channelParam },
  responses: { 204: { description: 'Disconnected' }, ...commonErrors },
});

export const integrationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ data: await listChannelConnections(c.var.deps, c.var.user.id) }, 200))
  .route('/', channelSyncRoutes)
  .openapi(disconnectRoute, async (c) => {
    if (!(await disconnectChannel(c.var.deps, c.var.user.id, c.req.valid('param').channel))) throw notFound('Connection');
    return c.body(null, 204);
  });
