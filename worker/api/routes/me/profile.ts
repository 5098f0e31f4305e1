import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { accountNameSchema } from '../../../domain/auth/account-input';
import { updateProfile } from '../../../domain/auth/users';
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
  request: {
    body: jsonBody(
      z
        .object({
          name: accountNameSchema.optional(),
          time_zone: z.string().min(1).max(64).optional(),
        })
        .strict(),
    ),
  },
  responses: { 200: dataResponse(z.object({ user: userSchema })), ...commonErrors },
});

export const profileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(meRoute, (c) => c.json({ data: { user: c.var.user } }, 200))
  .openapi(updateMeRoute, async (c) => c.json({ data: { user: await updateProfile(c.var.deps, c.var.user.id, c.req.valid('json')) } }, 200));
