import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { revokeAllSessions } from '../../../domain/auth/account';
import { clearedSessionCookie } from '../../../domain/auth/sessions';
import { commonErrors, dataResponse, security } from '../../openapi-helpers';
import { tokensRemaining } from '../../schemas/account';
import type { AppEnv } from '../../types';

const everywhereRoute = createRoute({
  method: 'post',
  path: '/logout-everywhere',
  tags: ['Auth'],
  security,
  request: { query: z.object({ keep_current: z.enum(['true', 'false']).default('false') }) },
  responses: {
    200: dataResponse(z.object({ revoked: z.number().int().describe('Sessions signed out'), tokens_remaining: tokensRemaining })),
    ...commonErrors,
  },
});

export const logoutEverywhereRoutes = new OpenAPIHono<AppEnv>().openapi(everywhereRoute, async (c) => {
  const keepCurrent = c.req.valid('query').keep_current === 'true';
  const left = await revokeAllSessions(c.var.deps.directory.db, c.var.user.id, keepCurrent ? c.var.sessionToken : undefined);
  if (!keepCurrent) c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
  return c.json({ data: { revoked: left.signedOutSessions, tokens_remaining: left.tokensRemaining } }, 200);
});
