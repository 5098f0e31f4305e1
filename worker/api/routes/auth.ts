import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { hitRateLimit } from '../../domain/auth/rate-limit';
import { clearedSessionCookie, createSession, revokeSession, sessionCookie } from '../../domain/auth/sessions';
import { logIn, signUp } from '../../domain/auth/users';
import { AppError } from '../../domain/errors';
import { commonErrors, conflictError, dataResponse, jsonBody } from '../openapi-helpers';
import { userSchema } from '../schemas/contact';
import type { AppEnv } from '../types';

const credentials = {
  email: z.string().trim().max(254).pipe(z.email('must be a valid email address')),
  password: z.string().min(1, 'is required').max(1000),
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
          password: z.string().min(8, 'must be at least 8 characters').max(1000),
          name: z.string().trim().min(1, 'is required').max(200).refine((v) => !v.includes('\u0000'), 'must not contain NUL'),
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
  responses: { 200: dataResponse(z.object({ user: userSchema }), 'Signed in; session cookie set'), ...commonErrors },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Auth'],
  responses: { 204: { description: 'Session revoked' }, ...commonErrors },
});

/** Login and signup are limited per client IP and per email (AUTH_RATE_LIMIT_PER_15_MIN). */
async function limitAuthAttempts(c: { var: AppEnv['Variables']; req: { header(name: string): string | undefined } }, email: string) {
  const { db, settings } = c.var.deps;
  const limit = settings.AUTH_RATE_LIMIT_PER_15_MIN;
  const ip = c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'local';
  const message = 'Too many sign-in attempts; try again later';
  await hitRateLimit(db, `auth-ip:${ip}`, limit * 5, 900, message);
  await hitRateLimit(db, `auth-email:${email.trim().toLowerCase()}`, limit, 900, message);
}

function assertNoForeignOrigin(request: Request, appUrl: string | undefined) {
  const origin = request.headers.get('origin');
  if (origin && origin !== (appUrl ? new URL(appUrl).origin : new URL(request.url).origin)) {
    throw new AppError('forbidden', 'Cross-origin sign-in refused');
  }
}

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signupRoute, async (c) => {
    const body = c.req.valid('json');
    const { db, settings } = c.var.deps;
    assertNoForeignOrigin(c.req.raw, settings.APP_URL);
    await limitAuthAttempts(c, body.email);
    const user = await signUp(db, { email: body.email, password: body.password, name: body.name, timeZone: body.time_zone });
    const session = await createSession(db, user.id, c.req.header('user-agent'));
    c.header('Set-Cookie', sessionCookie(session.token, session.expiresAt, new URL(c.req.url).protocol === 'https:'));
    return c.json({ data: { user } }, 201);
  })
  .openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    const { db, settings } = c.var.deps;
    assertNoForeignOrigin(c.req.raw, settings.APP_URL);
    await limitAuthAttempts(c, body.email);
    const user = await logIn(db, body.email, body.password);
    const session = await createSession(db, user.id, c.req.header('user-agent'));
    c.header('Set-Cookie', sessionCookie(session.token, session.expiresAt, new URL(c.req.url).protocol === 'https:'));
    return c.json({ data: { user } }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    if (c.var.sessionToken) await revokeSession(c.var.deps.db, c.var.sessionToken);
    c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
    return c.body(null, 204);
  });
