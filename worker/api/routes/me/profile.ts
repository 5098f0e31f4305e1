import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { updateAccount } from '../../../domain/auth/account-commands';
import { commonErrors, dataResponse, jsonBody, security } from '../../openapi-helpers';
import { userSchema } from '../../schemas/contact';
import type { AppEnv } from '../../types';

const meRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  security,
  responses: { 200: dataResponse(z.object({ user: userSchema })), ...commonErrors },
});

const updateMeRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['Account'],
  security,
  description: 'Changes the account name and/or time zone (an IANA name; every date in Kith is shown in it). Unknown zone → 422.',
  request: { body: jsonBody(updateAccount.input) },
  responses: { 200: dataResponse(z.object({ user: userSchema })), ...commonErrors },
});

export const profileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(meRoute, (c) => c.json({ data: { user: c.var.user } }, 200))
  .openapi(updateMeRoute, async (c) => c.json({ data: { user: await updateAccount.run(c.var, c.req.valid('json')) } }, 200));
