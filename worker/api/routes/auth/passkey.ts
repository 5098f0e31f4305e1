import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { authenticationResponseSchema } from '../../../domain/auth/passkeys/passkey-input';
import {
  completeTwoFactorWithPasskey,
  passkeySignInOptions,
  secondFactorPasskeyOptions,
  signInWithPasskey,
} from '../../../domain/auth/passkeys/passkey-sign-in';
import { emailAddressSchema } from '../../../domain/auth/password-sign-in';
import { signedInCookies, type SignedIn } from '../../../domain/auth/sign-in';
import { commonErrors, dataResponse, jsonBody, providerErrors, unprocessableError } from '../../openapi-helpers';
import { userSchema } from '../../schemas/contact';
import { requestOptionsSchema } from '../../schemas/passkeys';
import type { AppEnv } from '../../types';
import { assertNoForeignOrigin } from './sign-in';

const challengeToken = z.string().min(1).max(200);
const signedInAnswer = dataResponse(z.object({ user: userSchema }), 'Signed in; session cookie set');

const optionsRoute = createRoute({
  method: 'post',
  path: '/passkey/options',
  tags: ['Auth'],
  description:
    "Options for signing in with a passkey instead of the password (pass them as `optionsJSON` to @simplewebauthn/browser's `startAuthentication`). Without `email` any of the user's passkeys for this site may answer; with it, only that account's. Single-use, 5 minutes.",
  request: { body: jsonBody(z.object({ email: emailAddressSchema.optional() }).strict()) },
  responses: { 200: dataResponse(requestOptionsSchema), ...commonErrors, ...providerErrors },
});

const signInRoute = createRoute({
  method: 'post',
  path: '/passkey',
  tags: ['Auth'],
  description: "The browser's answer to those options (user verification required): a session, as a right password gives.",
  request: { body: jsonBody(z.object({ response: authenticationResponseSchema }).strict()) },
  responses: { 200: signedInAnswer, ...commonErrors, ...providerErrors },
});

const secondFactorOptionsRoute = createRoute({
  method: 'post',
  path: '/login/two-factor/passkey/options',
  tags: ['Auth'],
  description:
    "Instead of a code at the two-factor step: options listing the account's passkeys, for the `challenge_token` of the `two_factor_required` answer.",
  request: { body: jsonBody(z.object({ challenge_token: challengeToken }).strict()) },
  responses: { 200: dataResponse(requestOptionsSchema), ...commonErrors, ...unprocessableError, ...providerErrors },
});

const secondFactorRoute = createRoute({
  method: 'post',
  path: '/login/two-factor/passkey',
  tags: ['Auth'],
  description: 'The second step with a passkey: counts as one of the five tries of the challenge.',
  request: { body: jsonBody(z.object({ challenge_token: challengeToken, response: authenticationResponseSchema }).strict()) },
  responses: { 200: signedInAnswer, ...commonErrors, ...providerErrors },
});

function setCookies(c: { header: (name: string, value: string, options: { append: boolean }) => void }, url: string, signedIn: SignedIn) {
  for (const cookie of signedInCookies(signedIn, new URL(url).protocol === 'https:')) c.header('Set-Cookie', cookie, { append: true });
}

export const passkeySignInRoutes = new OpenAPIHono<AppEnv>()
  .openapi(optionsRoute, async (c) => {
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    return c.json({ data: await passkeySignInOptions(c.var.server, c.req.raw, c.req.valid('json').email) }, 200);
  })
  .openapi(signInRoute, async (c) => {
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    const signedIn = await signInWithPasskey(c.var.server, c.req.raw, c.req.valid('json').response);
    setCookies(c, c.req.url, signedIn);
    return c.json({ data: { user: signedIn.user } }, 200);
  })
  .openapi(secondFactorOptionsRoute, async (c) => {
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    return c.json({ data: await secondFactorPasskeyOptions(c.var.server, c.req.valid('json').challenge_token) }, 200);
  })
  .openapi(secondFactorRoute, async (c) => {
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    const body = c.req.valid('json');
    const signedIn = await completeTwoFactorWithPasskey(c.var.server, body.challenge_token, body.response, c.req.raw);
    setCookies(c, c.req.url, signedIn);
    return c.json({ data: { user: signedIn.user } }, 200);
  });
