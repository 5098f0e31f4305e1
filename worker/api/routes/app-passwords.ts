import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../../domain/dav/app-passwords';
import { davServerUrl } from '../../dav/dav-paths';
import { commonErrors, dataResponse, idParam, jsonBody, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const summary = z
  .object({
    id: z.string(),
    name: z.string().describe('The device it was made for'),
    prefix: z.string().describe('Its first four characters'),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .openapi('AppPassword');

const createRouteDef = createRoute({
  method: 'post',
  path: '/',
  tags: ['Account'],
  security,
  description:
    'Creates a sync password for one device (a phone, Thunderbird): it signs in to the CardDAV address book (the `dav` scope) with the account email as the user name, and to nothing else. Shown once.',
  request: { body: jsonBody(createAppPassword.input) },
  responses: {
    201: dataResponse(
      summary.extend({
        password: z.string().describe('Shown once; case, spaces and dashes do not matter when typed'),
        server: z.string().describe('The CardDAV server address to give the device'),
        username: z.string().describe('The user name to give the device: the account email'),
      }),
      'The sync password, shown once',
    ),
    ...commonErrors,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  security,
  description: 'The sync passwords of the account (at most 50), newest first, with their last use.',
  responses: { 200: dataResponse(z.array(summary)), ...commonErrors },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Account'],
  security,
  description: 'Revokes a sync password: its device can no longer read or change the address book.',
  request: { params: idParam },
  responses: { 204: { description: 'Revoked' }, ...commonErrors },
});

export const appPasswordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createRouteDef, async (c) => {
    const created = await createAppPassword.run(c.var, c.req.valid('json'));
    const server = davServerUrl(c.var.deps.settings.APP_URL, c.req.url);
    return c.json({ data: { ...created, server, username: c.var.user.email } }, 201);
  })
  .openapi(listRoute, async (c) => c.json({ data: await listAppPasswords(c.var.deps) }, 200))
  .openapi(revokeRoute, async (c) => {
    await revokeAppPassword(c.var.deps, c.req.valid('param').id);
    return c.body(null, 204);
  });
