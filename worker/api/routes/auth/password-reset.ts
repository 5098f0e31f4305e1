import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { resetPassword, resetPasswordInput } from '../../../domain/auth/password-reset';
import { askForPasswordReset, forgotPasswordInput } from '../../../domain/auth/password-sign-in';
import { FORGOT_MESSAGE, RESET_MINUTES } from '../../../domain/auth/password-reset-copy';
import { clearedSessionCookie } from '../../../domain/auth/sessions';
import { commonErrors, dataResponse, jsonBody } from '../../openapi-helpers';
import { endedWaysIn } from '../../schemas/account';
import type { AppEnv } from '../../types';
import { assertNoForeignOrigin } from './sign-in';

const forgotRoute = createRoute({
  method: 'post',
  path: '/password/forgot',
  tags: ['Auth'],
  description: `Emails a single-use link to /reset-password, valid ${RESET_MINUTES} minutes. The answer is the same whether or not the address has an account.`,
  request: { body: jsonBody(forgotPasswordInput) },
  responses: { 202: dataResponse(z.object({ message: z.string() }), 'Accepted (whether or not the account exists)'), ...commonErrors },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/password/reset',
  tags: ['Auth'],
  description:
    'Sets a new password with the token from the emailed link. The token works once; every way into the account ends: sessions, personal access tokens, the calendar feed URL. The answer says what was ended.',
  request: { body: jsonBody(resetPasswordInput) },
  responses: { 200: dataResponse(z.object({ ended: endedWaysIn }), 'Password changed; every way in ended'), ...commonErrors },
});

export const passwordResetRoutes = new OpenAPIHono<AppEnv>()
  .openapi(forgotRoute, async (c) => {
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    await askForPasswordReset(c.var.server, c.req.raw, c.req.valid('json').email);
    return c.json({ data: { message: FORGOT_MESSAGE } }, 202);
  })
  .openapi(resetRoute, async (c) => {
    const body = c.req.valid('json');
    assertNoForeignOrigin(c.req.raw, c.var.server.settings.APP_URL);
    const { ended } = await resetPassword(c.var.server, body.token, body.new_password);
    c.header('Set-Cookie', clearedSessionCookie(new URL(c.req.url).protocol === 'https:'));
    return c.json({ data: { ended } }, 200);
  });
