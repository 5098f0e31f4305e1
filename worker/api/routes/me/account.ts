import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { changePassword, deleteAccount, listSessions, revokeSessionById } from '../../../domain/auth/account';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from '../../../domain/auth/password-rule';
import { clearedSessionCookie } from '../../../domain/auth/sessions';
import { commonErrors, dataResponse, idParam, jsonBody, security } from '../../openapi-helpers';
import { tokensRemaining } from '../../schemas/account';
import type { AppEnv } from '../../types';

const sessionSchema = z
  .object({ id: z.string(), user_agent: z.string().nullable(), created_at: z.string(), last_seen_at: z.string(), current: z.boolean() })
  .openapi('SessionSummary');

const passwordRoute = createRoute({
  method: 'post',
  path: '/password',
  tags: ['Account'],
  security,
  request: {
    body: jsonBody(z.object({ current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH), new_password: newPasswordSchema }).strict()),
  },
  description: 'Changes the password, signs out every other session and invalidates every reset link not yet used. Personal access tokens keep working: the answer says how many.',
  responses: {
    200: dataResponse(z.object({ signed_out_sessions: z.number().int(), tokens_remaining: tokensRemaining }), 'Changed; every other session is signed out'),
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
  request: { body: jsonBody(z.object({ confirm_email: z.string().max(254), password: z.string().min(1).max(1000) }).strict()) },
  responses: { 204: { description: 'The account and all its data are gone' }, ...commonErrors },
});

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(passwordRoute, async (c) => {
    const body = c.req.valid('json');
    const left = await changePassword(c.var.deps.directory.db, c.var.deps.settings.PASSWORD_HASH_ITERATIONS, c.var.user.id, body.current_password, body.new_password, c.var.sessionToken);
    return c.json({ data: { signed_out_sessions: left.signedOutSessions, tokens_remaining: left.tokensRemaining } }, 200);
  })
  .openapi(sessionsRoute, async (c) => c.json({ data: await listSessions(c.var.deps.directory.db, c.var.user.id, c.var.sessionToken) }, 200))
  .openapi(revokeRoute, async (c) => {
    await revokeSessionById(c.var.deps.directory.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(deleteRoute, async (c) => {
    const body = c.req.valid('json');
    await deleteAccount(c.var.deps, c.var.user.id, body.confirm_email, body.password);
    c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
    return c.body(null, 204);
  });
