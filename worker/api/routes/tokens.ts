import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createAccessToken } from '../../domain/auth/account-commands';
import { scopeSchema } from '../../domain/auth/scopes';
import { listTokens, revokeAllTokens, revokeToken } from '../../domain/auth/tokens';
import { commonErrors, dataResponse, idParam, jsonBody, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const scopes = z.array(scopeSchema).describe('What the token may do (carried scopes included: contacts:write brings contacts:read)');
const createdBy = z
  .string()
  .nullable()
  .describe('The token that created this one (revoking it revokes this one); null when made while signed in');

const limitsShown = {
  contact_tags: z.array(z.string()).nullable().describe('Only contacts with one of these tags (normalized); null: every contact'),
  hide_private: z.boolean().describe('Never the contacts tagged "private"'),
  tools: z
    .array(z.string())
    .nullable()
    .describe('The MCP tools it may call; null: every tool its scopes allow except the opt-in send_message'),
};

const tokenSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes,
    created_by_token_id: createdBy,
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    ...limitsShown,
  })
  .openapi('TokenSummary');

const createTokenRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Account'],
  security,
  description:
    'Creates a personal access token with `scopes` (default: contacts:read and contacts:write, never account). A token may create one only with the account scope, and only with scopes it holds; the new token is revoked with it. `contact_tags` limits it to contacts with one of those tags, `hide_private` hides contacts tagged "private", `tools` limits the MCP tools it may call (without it, every tool but `send_message`, which only a list that names it gives): enforced on every route (search, reads, timeline, agenda, change feed; exports refused) and on /mcp. A token limited to some tools makes only tokens as limited; a token limited to some contacts neither lists, makes nor revokes tokens (403 `insufficient_scope`).',
  request: { body: jsonBody(createAccessToken.input) },
  responses: {
    201: dataResponse(
      z.object({
        id: z.string(),
        name: z.string(),
        token: z.string(),
        scopes,
        created_by_token_id: createdBy,
        created_at: z.string(),
        ...limitsShown,
      }),
      'The token, shown once',
    ),
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
  description: 'Revokes the token, the tokens it created, and the calendar feed it created.',
  request: { params: idParam },
  responses: { 204: { description: 'Revoked' }, ...commonErrors },
});

const revokeAllTokensRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['Account'],
  security,
  description:
    'Revokes every personal access token (scripts and the browser extension must be given a new one), and a calendar feed a token created; sessions are not touched.',
  responses: { 200: dataResponse(z.object({ revoked: z.number().int() }), 'How many tokens were revoked'), ...commonErrors },
});

export const tokenRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createTokenRoute, async (c) => {
    return c.json({ data: await createAccessToken.run(c.var, c.req.valid('json')) }, 201);
  })
  .openapi(listTokensRoute, async (c) => c.json({ data: await listTokens(c.var.deps.directory.db, c.var.user.id) }, 200))
  .openapi(revokeAllTokensRoute, async (c) => c.json({ data: { revoked: await revokeAllTokens(c.var.deps) } }, 200))
  .openapi(revokeTokenRoute, async (c) => {
    await revokeToken(c.var.deps, c.req.valid('param').id);
    return c.body(null, 204);
  });
