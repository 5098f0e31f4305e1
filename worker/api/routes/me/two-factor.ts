import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { startTwoFactorSetup, twoFactorStatus } from '../../../domain/auth/two-factor';
import { enableTwoFactor, replaceRecoveryCodes, turnOffTwoFactor } from '../../../domain/auth/two-factor-commands';
import { commonErrors, conflictError, dataResponse, jsonBody, security, unprocessableError } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const statusSchema = z
  .object({ enabled: z.boolean(), pending: z.boolean(), recovery_codes_left: z.number().int() })
  .openapi('TwoFactorStatus');

const statusRoute = createRoute({
  method: 'get',
  path: '/two-factor',
  tags: ['Account'],
  security,
  responses: { 200: dataResponse(statusSchema), ...commonErrors },
});

const setupRoute = createRoute({
  method: 'post',
  path: '/two-factor/setup',
  tags: ['Account'],
  security,
  description: 'A new TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s), not yet in force until confirmed with a code.',
  responses: { 200: dataResponse(z.object({ secret: z.string(), otpauth_uri: z.string() })), ...commonErrors, ...conflictError },
});

const enableRoute = createRoute({
  method: 'post',
  path: '/two-factor/enable',
  tags: ['Account'],
  security,
  description:
    'Turns two-factor on with a current code from the new secret. Needs `password`, unless the session began in the last 10 minutes (a fresh sign-in). Answers 10 single-use recovery codes, shown this once.',
  request: { body: jsonBody(enableTwoFactor.input) },
  responses: {
    200: dataResponse(z.object({ recovery_codes: z.array(z.string()) })),
    ...commonErrors,
    ...conflictError,
    ...unprocessableError,
  },
});

const disableRoute = createRoute({
  method: 'post',
  path: '/two-factor/disable',
  tags: ['Account'],
  security,
  request: { body: jsonBody(turnOffTwoFactor.input) },
  responses: { 204: { description: 'Two-factor authentication is off' }, ...commonErrors, ...unprocessableError },
});

const recoveryRoute = createRoute({
  method: 'post',
  path: '/two-factor/recovery-codes',
  tags: ['Account'],
  security,
  description: 'Replaces every recovery code with 10 new ones (shown once).',
  request: { body: jsonBody(replaceRecoveryCodes.input) },
  responses: { 200: dataResponse(z.object({ recovery_codes: z.array(z.string()) })), ...commonErrors, ...unprocessableError },
});

export const twoFactorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(statusRoute, async (c) => c.json({ data: await twoFactorStatus(c.var.deps.directory.db, c.var.user.id) }, 200))
  .openapi(setupRoute, async (c) =>
    c.json({ data: await startTwoFactorSetup(c.var.deps.directory.db, c.var.deps.settings.ENCRYPTION_KEY, c.var.user.id) }, 200),
  )
  .openapi(enableRoute, async (c) => {
    const context = { ...c.var, sessionToken: c.var.authKind === 'session' ? c.var.sessionToken : undefined };
    return c.json({ data: { recovery_codes: await enableTwoFactor.run(context, c.req.valid('json')) } }, 200);
  })
  .openapi(disableRoute, async (c) => {
    await turnOffTwoFactor.run(c.var, c.req.valid('json'));
    return c.body(null, 204);
  })
  .openapi(recoveryRoute, async (c) =>
    c.json({ data: { recovery_codes: await replaceRecoveryCodes.run(c.var, c.req.valid('json')) } }, 200),
  );
