import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createAccessToken } from '../../domain/auth/account-commands';
import { listTokens, revokeAllTokens, revokeToken } from '../../domain/auth/tokens';
import { commonErrors, dataResponse, idParam, jsonBody, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const tokenSummary = z
  .object({ id: z.string(), name: z.string(), prefix: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })
  .openapi('TokenSummary');

const createTokenRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Account'],
  security,
  request: { body: jsonBody(createAccessToken.input) },
  responses: {
    201: dataResponse(z.object({ id: z.string(), name: z.string(), token: z.string(), created_at: z.string() }), 'The token, shown once'),
    ...commonErrors,
  },
});

const listTokensRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  security,
  responses: { 200: dataResponse(z.array(tokenSummary)), ...commonErrors },
});

const revokeTokenRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Account'],
  security,
  request: { params: idParam },
  responses: { 204: { description: 'Revoked' }, ...commonErrors },
});

const revokeAllTokensRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['Account'],
  security,
  description: 'Revokes every personal access token (scripts and the browser extension must be given a new one); sessions are not touched.',
  responses: { 200: dataResponse(z.object({ revoked: z.number().int() }), 'How many tokens were revoked'), ...commonErrors },
});

export const tokenRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createTokenRoute, async (c) => {
    return c.json({ data: await createAccessToken.run(c.var, c.req.valid('json')) }, 201);
  })
  .openapi(listTokensRoute, async (c) => c.json({ data: await listTokens(c.var.deps.directory.db, c.var.user.id) }, 200))
  .openapi(revokeAllTokensRoute, async (c) =>
    c.json({ data: { revoked: await revokeAllTokens(c.var.deps.directory.db, c.var.user.id) } }, 200),
  )
  .openapi(revokeTokenRoute, async (c) => {
    await revokeToken(c.var.deps.directory.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  });
