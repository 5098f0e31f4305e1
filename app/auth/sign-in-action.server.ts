import { json, type AppLoadContext } from '@remix-run/cloudflare';
import { signedInCookies } from '../../worker/domain/auth/sign-in';
import { AppError } from '../../worker/domain/errors';
import { assertSameOrigin } from '../../worker/api/middleware/same-origin';
import { createAuthenticator } from './authenticator.server';
import { safeRedirect } from './safe-redirect';
import { depsOf } from './session.server';
import { twoFactorCookie } from './two-factor-cookie.server';
import { redirect } from '../http/redirect.server';
import { readForm } from '../http/read-form.server';

/** Runs the login or signup strategy, then starts a session and redirects. */
export async function signInAction(strategy: 'login' | 'signup', request: Request, context: AppLoadContext) {
  const deps = depsOf(context);
  const form = await readForm(request.clone());
  // A new account starts on its (empty) contact list, which says what to do next.
  const redirectTo = safeRedirect(form.get('redirectTo'), strategy === 'signup' ? '/contacts' : '/home');
  try {
    assertSameOrigin(request, deps.settings.APP_URL);
    const step = await createAuthenticator(deps, request).authenticate(strategy, request);
    const secure = new URL(request.url).protocol === 'https:';
    if (step.kind === 'two_factor') {
      const next = `/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`;
      return redirect(next, { headers: { 'Set-Cookie': twoFactorCookie(step.challengeToken, step.expiresAt, secure) } });
    }
    const headers = new Headers();
    for (const cookie of signedInCookies(step, secure)) headers.append('Set-Cookie', cookie);
    return redirect(redirectTo, { headers });
  } catch (error) {
    const cause = error instanceof AppError ? error : (error as { cause?: unknown })?.cause;
    if (cause instanceof AppError) {
      const headers: HeadersInit = cause.code === 'rate_limited' ? { 'Retry-After': String(cause.details?.retry_after ?? 60) } : {};
      return json({ error: cause.message }, { status: cause.status, headers });
    }
    throw error;
  }
}
