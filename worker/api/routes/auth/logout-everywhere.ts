import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { logOutEverywhere } from '../../../domain/auth/account';
import { clearedSessionCookie } from '../../../domain/auth/sessions';
import { commonErrors, dataResponse, security } from '../../openapi-helpers';
import { endedWaysIn, tokensRemaining } from '../../schemas/account';
import type { AppEnv } from '../../types';

const everywhereRoute = createRoute({
  method: 'post',
  path: '/logout-everywhere',
  tags: ['Auth'],
  security,
  description:
    'Ends every way into the account: sessions (all, or all but this one with `keep_current=true`), personal access tokens, the calendar feed URL. `ended` says how many of each.',
  request: { query: z.object({ keep_current: z.enum(['true', 'false']).default('false') }) },
  responses: {
    200: dataResponse(
      z.object({ revoked: z.number().int().describe('Sessions signed out'), tokens_remaining: tokensRemaining, ended: endedWaysIn }),
    ),
    ...commonErrors,
  },
});

export const logoutEverywhereRoutes = new OpenAPIHono<AppEnv>().openapi(everywhereRoute, async (c) => {
  const keepCurrent = c.req.valid('query').keep_current === 'true';
  const ended = await logOutEverywhere(c.var.deps, keepCurrent ? c.var.sessionToken : undefined);
  if (!keepCurrent) c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
  return c.json({ data: { revoked: ended.sessions, tokens_remaining: 0, ended } }, 200);
});
