import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { signInInput, signInWithPassword, signUpInput, signUpWithPassword } from '../../../domain/auth/password-sign-in';
import { signedInCookies, twoFactorRequired } from '../../../domain/auth/sign-in';
import { clearedSessionCookie, revokeSession } from '../../../domain/auth/sessions';
import { AppError } from '../../../domain/errors';
import { isOwnOrigin } from '../../middleware/same-origin';
import { commonErrors, conflictError, dataResponse, jsonBody } from '../../openapi-helpers';
import { userSchema } from '../../schemas/contact';
import type { AppEnv } from '../../types';

const signupRoute = createRoute({
  method: 'post',
  path: '/signup',
  tags: ['Auth'],
  request: { body: jsonBody(signUpInput) },
  responses: { 201: dataResponse(z.object({ user: userSchema }), 'Signed up; session cookie set'), ...commonErrors, ...conflictError },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  tags: ['Auth'],
  request: { body: jsonBody(signInInput) },
  description:
    'For an account with two-factor authentication the password step answers 401 `two_factor_required` with `details.challenge_token`; send it with a code to `POST /auth/login/two-factor`.',
  responses: { 200: dataResponse(z.object({ user: userSchema }), 'Signed in; session cookie set'), ...commonErrors },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  tags: ['Auth'],
  responses: { 204: { description: 'Session revoked' }, ...commonErrors },
});

export function assertNoForeignOrigin(request: Request, appUrl: string | undefined) {
  const origin = request.headers.get('origin');
  if (origin && !isOwnOrigin(origin, request, appUrl)) {
    throw new AppError('forbidden', 'Cross-origin sign-in refused');
  }
}

export const signInRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signupRoute, async (c) => {
    const body = c.req.valid('json');
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    const step = await signUpWithPassword(c.var.server, c.req.raw, {
      email: body.email,
      password: body.password,
      name: body.name,
      timeZone: body.time_zone,
    });
    for (const cookie of signedInCookies(step, new URL(c.req.url).protocol === 'https:')) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ data: { user: step.user } }, 201);
  })
  .openapi(loginRoute, async (c) => {
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    const step = await signInWithPassword(c.var.server, c.req.raw, c.req.valid('json'));
    // Two-factor users get no cookie yet: the answer names the next step (API.md error envelope).
    if (step.kind === 'two_factor') throw twoFactorRequired(step.challengeToken, step.expiresAt);
    for (const cookie of signedInCookies(step, new URL(c.req.url).protocol === 'https:')) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ data: { user: step.user } }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    if (c.var.sessionToken) await revokeSession(c.var.deps.directory.db, c.var.sessionToken);
    c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
    return c.body(null, 204);
  });
