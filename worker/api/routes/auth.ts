import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { accountNameSchema } from '../../domain/auth/account-input';
import { limitAuthAttempts } from '../../domain/auth/auth-attempts';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from '../../domain/auth/password-rule';
import { startSignIn, twoFactorRequired } from '../../domain/auth/sign-in';
import { clearedSessionCookie, createSession, revokeSession, sessionCookie } from '../../domain/auth/sessions';
import { logIn, signUp } from '../../domain/auth/users';
import { AppError } from '../../domain/errors';
import { isOwnOrigin } from '../middleware/same-origin';
import { commonErrors, conflictError, dataResponse, jsonBody } from '../openapi-helpers';
import { userSchema } from '../schemas/contact';
import type { AppEnv } from '../types';

const credentials = {
  email: z.string().trim().max(254).pipe(z.email('must be a valid email address')),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH),
};

const signupRoute = createRoute({
  method: 'post',
  path: '/auth/signup',
  tags: ['Auth'],
  request: {
    body: jsonBody(
      z
        .object({
          ...credentials,
          password: newPasswordSchema,
          name: accountNameSchema,
          time_zone: z.string().max(64).optional(),
        })
        .strict(),
    ),
  },
  responses: { 201: dataResponse(z.object({ user: userSchema }), 'Signed up; session cookie set'), ...commonErrors, ...conflictError },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['Auth'],
  request: { body: jsonBody(z.object(credentials).strict()) },
  description:
    'For an account with two-factor authentication the password step answers 401 `two_factor_required` with `details.challenge_token`; send it with a code to `POST /auth/login/two-factor`.',
  responses: { 200: dataResponse(z.object({ user: userSchema }), 'Signed in; session cookie set'), ...commonErrors },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Auth'],
  responses: { 204: { description: 'Session revoked' }, ...commonErrors },
});

export function assertNoForeignOrigin(request: Request, appUrl: string | undefined) {
  const origin = request.headers.get('origin');
  if (origin && !isOwnOrigin(origin, request, appUrl)) {
    throw new AppError('forbidden', 'Cross-origin sign-in refused');
  }
}

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signupRoute, async (c) => {
    const body = c.req.valid('json');
    const { directory, settings } = c.var.server;
    const db = directory.db;
    assertNoForeignOrigin(c.req.raw, settings.APP_URL);
    await limitAuthAttempts(db, settings.AUTH_RATE_LIMIT_PER_15_MIN, c.req.raw, body.email);
    const user = await signUp(c.var.server, { email: body.email, password: body.password, name: body.name, timeZone: body.time_zone });
    const session = await createSession(db, user.id, c.req.header('user-agent'));
    c.header('Set-Cookie', sessionCookie(session.token, session.expiresAt, new URL(c.req.url).protocol === 'https:'));
    return c.json({ data: { user } }, 201);
  })
  .openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    const { directory, settings } = c.var.server;
    const db = directory.db;
    assertNoForeignOrigin(c.req.raw, settings.APP_URL);
    await limitAuthAttempts(db, settings.AUTH_RATE_LIMIT_PER_15_MIN, c.req.raw, body.email);
    const user = await logIn(db, body.email, body.password);
    const step = await startSignIn(db, user, c.req.header('user-agent'));
    // Two-factor users get no cookie yet: the answer names the next step (API.md error envelope).
    if (step.kind === 'two_factor') throw twoFactorRequired(step.challengeToken, step.expiresAt);
    c.header('Set-Cookie', sessionCookie(step.token, step.expiresAt, new URL(c.req.url).protocol === 'https:'));
    return c.json({ data: { user } }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    if (c.var.sessionToken) await revokeSession(c.var.deps.directory.db, c.var.sessionToken);
    c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
    return c.body(null, 204);
  });
