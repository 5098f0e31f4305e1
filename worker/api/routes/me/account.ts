import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { listSessions, revokeSessionById } from '../../../domain/auth/account';
import { changeAccountPassword, deleteOwnAccount } from '../../../domain/auth/account-commands';
import { clearedSessionCookie } from '../../../domain/auth/sessions';
import { commonErrors, dataResponse, idParam, jsonBody, security } from '../../openapi-helpers';
import { endedWaysIn, tokensRemaining } from '../../schemas/account';
import type { AppEnv } from '../../types';

const sessionSchema = z
  .object({ id: z.string(), user_agent: z.string().nullable(), created_at: z.string(), last_seen_at: z.string(), current: z.boolean() })
  .openapi('SessionSummary');

const passwordRoute = createRoute({
  method: 'post',
  path: '/password',
  tags: ['Account'],
  security,
  request: { body: jsonBody(changeAccountPassword.input) },
  description:
    'Changes the password, signs out every other session and invalidates every reset link not yet used. Personal access tokens keep working: the answer says how many.',
  responses: {
    200: dataResponse(
      z.object({ signed_out_sessions: z.number().int(), tokens_remaining: tokensRemaining }),
      'Changed; every other session is signed out',
    ),
    ...commonErrors,
  },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/sessions',
  tags: ['Account'],
  security,
  responses: { 200: dataResponse(z.array(sessionSchema)), ...commonErrors },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/sessions/{id}',
  tags: ['Account'],
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Signed out' }, ...commonErrors },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['Account'],
  security,
  request: { body: jsonBody(deleteOwnAccount.input) },
  responses: {
    200: dataResponse(z.object({ ended: endedWaysIn }), 'The account and all its data are gone; `ended` says which ways in ended'),
    ...commonErrors,
  },
});

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(passwordRoute, async (c) => {
    const left = await changeAccountPassword.run(c.var, c.req.valid('json'));
    return c.json({ data: { signed_out_sessions: left.signedOutSessions, tokens_remaining: left.tokensRemaining } }, 200);
  })
  .openapi(sessionsRoute, async (c) =>
    c.json({ data: await listSessions(c.var.deps.directory.db, c.var.user.id, c.var.sessionToken) }, 200),
  )
  .openapi(revokeRoute, async (c) => {
    await revokeSessionById(c.var.deps.directory.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(deleteRoute, async (c) => {
    const ended = await deleteOwnAccount.run(c.var, c.req.valid('json'));
    c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
    return c.json({ data: { ended } }, 200);
  });
