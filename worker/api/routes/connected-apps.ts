import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ALL_SCOPES } from '../../domain/auth/scopes';
import { disconnectApp, listConnectedApps, MAX_CONNECTED_APPS } from '../../domain/mcp-oauth/connected-apps';
import { commonErrors, dataResponse, idParam, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

// Connected apps (ADR 042): the MCP clients the user allowed through OAuth.

const summary = z
  .object({
    id: z.string(),
    name: z.string().describe('The name the app registered with'),
    redirect_host: z.string().describe('Where the consent page sent the user back'),
    scopes: z.array(z.enum(ALL_SCOPES as [string, ...string[]])),
    contact_tags: z.array(z.string()).nullable().describe('Only contacts with one of these tags (null: every contact)'),
    hide_private: z.boolean().describe('Never the contacts tagged "private"'),
    tools: z
      .array(z.string())
      .nullable()
      .describe('The MCP tools it may call (null: every tool its scopes allow except the opt-in send_message)'),
    connected_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .openapi('ConnectedApp');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  security,
  description: `The apps connected through OAuth (MCP clients), newest first (at most ${MAX_CONNECTED_APPS}), with what each may do and its last call.`,
  responses: { 200: dataResponse(z.array(summary)), ...commonErrors },
});

const disconnectRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Account'],
  security,
  description: 'Disconnects an app: its access and refresh tokens stop working at once; it must ask the user again to come back.',
  request: { params: idParam },
  responses: { 204: { description: 'Disconnected' }, ...commonErrors },
});

export const connectedAppRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ data: await listConnectedApps(c.var.deps) }, 200))
  .openapi(disconnectRoute, async (c) => {
    await disconnectApp(c.var.deps, c.req.valid('param').id);
    return c.body(null, 204);
  });
