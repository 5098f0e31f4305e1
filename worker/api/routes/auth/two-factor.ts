import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { completeTwoFactorSignIn, signedInCookies } from '../../../domain/auth/sign-in';
import { twoFactorCodeSchema } from '../../../domain/auth/two-factor-commands';
import { commonErrors, dataResponse, jsonBody } from '../../openapi-helpers';
import { userSchema } from '../../schemas/contact';
import type { AppEnv } from '../../types';
import { assertNoForeignOrigin } from './sign-in';

const loginCodeRoute = createRoute({
  method: 'post',
  path: '/login/two-factor',
  tags: ['Auth'],
  description:
    'Second sign-in step for accounts with two-factor authentication: the `challenge_token` from the `two_factor_required` answer of `POST /auth/login`, and a 6-digit code or a recovery code. Five tries per challenge.',
  request: { body: jsonBody(z.object({ challenge_token: z.string().min(1).max(200), code: twoFactorCodeSchema }).strict()) },
  responses: { 200: dataResponse(z.object({ user: userSchema }), 'Signed in; session cookie set'), ...commonErrors },
});

export const twoFactorSignInRoutes = new OpenAPIHono<AppEnv>().openapi(loginCodeRoute, async (c) => {
  const body = c.req.valid('json');
  assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
  const signedIn = await completeTwoFactorSignIn(c.var.server, body.challenge_token, body.code, c.req.raw);
  for (const cookie of signedInCookies(signedIn, new URL(c.req.url).protocol === 'https:'))
    c.header('Set-Cookie', cookie, { append: true });
  return c.json({ data: { user: signedIn.user } }, 200);
});
