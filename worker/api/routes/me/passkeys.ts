import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { finishRegistrationInput } from '../../../domain/auth/passkeys/passkey-input';
import { passkeyRegistrationOptions, registerPasskey } from '../../../domain/auth/passkeys/passkey-registration';
import { listPasskeys, removePasskey, renamePasskey } from '../../../domain/auth/passkeys/passkey-settings';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, providerErrors, security } from '../../openapi-helpers';
import { creationOptionsSchema, passkeySchema } from '../../schemas/passkeys';
import type { AppEnv } from '../../types';

const listRoute = createRoute({
  method: 'get',
  path: '/passkeys',
  tags: ['Account'],
  security,
  description: 'The passkeys that sign in to this account (at most 20), oldest first.',
  responses: { 200: dataResponse(z.array(passkeySchema)), ...commonErrors },
});

const optionsRoute = createRoute({
  method: 'post',
  path: '/passkeys/options',
  tags: ['Account'],
  security,
  description:
    "Registration options for a new passkey (pass them to `navigator.credentials.create`, or as `optionsJSON` to @simplewebauthn/browser's `startRegistration`). The challenge is single-use and expires after 5 minutes.",
  responses: { 200: dataResponse(creationOptionsSchema), ...commonErrors, ...conflictError, ...providerErrors },
});

const registerRoute = createRoute({
  method: 'post',
  path: '/passkeys',
  tags: ['Account'],
  security,
  description:
    'Adds the passkey the browser made from those options. Without `name` it is named after its password manager or key, or the browser and system ("Chrome on macOS").',
  request: { body: jsonBody(finishRegistrationInput) },
  responses: { 201: dataResponse(passkeySchema, 'Added'), ...commonErrors, ...conflictError, ...providerErrors },
});

const renameRoute = createRoute({
  method: 'patch',
  path: '/passkeys/{id}',
  tags: ['Account'],
  security,
  request: { params: idParam, body: jsonBody(renamePasskey.input) },
  responses: { 200: dataResponse(passkeySchema), ...commonErrors },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/passkeys/{id}',
  tags: ['Account'],
  security,
  description:
    'Removes a passkey. Needs `password`, unless the caller is a session begun in the last 10 minutes (a fresh sign-in); a token must always give it.',
  request: { params: idParam, body: jsonBody(removePasskey.input) },
  responses: { 200: dataResponse(passkeySchema, 'Removed; the passkey no longer signs in'), ...commonErrors },
});

export const passkeyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ data: await listPasskeys(c.var) }, 200))
  .openapi(optionsRoute, async (c) => c.json({ data: await passkeyRegistrationOptions(c.var) }, 200))
  .openapi(registerRoute, async (c) =>
    c.json({ data: await registerPasskey(c.var, c.req.valid('json'), c.req.header('user-agent') ?? null) }, 201),
  )
  .openapi(renameRoute, async (c) =>
    c.json({ data: await renamePasskey.run({ ...c.var, id: c.req.valid('param').id }, c.req.valid('json')) }, 200),
  )
  .openapi(removeRoute, async (c) => {
    const context = { ...c.var, id: c.req.valid('param').id, sessionToken: c.var.authKind === 'session' ? c.var.sessionToken : undefined };
    return c.json({ data: await removePasskey.run(context, c.req.valid('json')) }, 200);
  });
