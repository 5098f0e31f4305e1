import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { z } from 'zod';
import { assertSameOrigin } from '../../worker/api/middleware/same-origin';
import { ACCOUNT_LIMITS } from '../../worker/domain/auth/account-limits';
import { completeTwoFactorSignIn, signedInCookies } from '../../worker/domain/auth/sign-in';
import { twoFactorCodeSchema } from '../../worker/domain/auth/two-factor-commands';
import { AppError } from '../../worker/domain/errors';
import { AuthCardPage, FormAlert } from '../auth/auth-card-page';
import { authErrorResponse } from '../auth/auth-error.server';
import { REDIRECT_MAX_LENGTH, safeRedirect } from '../auth/safe-redirect';
import { depsOf } from '../auth/session.server';
import { clearedTwoFactorCookie, readTwoFactorChallenge } from '../auth/two-factor-cookie.server';
import { Button } from '../components/ui/button';
import { PasskeySecondFactorButton } from '../auth/passkey-second-factor-button';
import { TextField } from '../components/ui/text-field';
import { redirect } from '../http/redirect.server';
import { plainIssue } from '../http/plain-issue';
import { readForm } from '../http/read-form.server';

export const meta: MetaFunction = () => [{ title: 'Two-factor authentication · Kith' }];

export function loader({ request }: LoaderFunctionArgs) {
  if (!readTwoFactorChallenge(request.headers.get('cookie'))) throw redirect('/login');
  return null;
}

const form = z.object({ code: twoFactorCodeSchema, redirectTo: z.string().max(REDIRECT_MAX_LENGTH).optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  const deps = depsOf(context);
  const secure = new URL(request.url).protocol === 'https:';
  try {
    assertSameOrigin(request, deps.settings.APP_URL);
    const challenge = readTwoFactorChallenge(request.headers.get('cookie'));
    if (!challenge) throw redirect('/login');
    const parsed = form.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) throw new AppError('invalid_request', plainIssue(parsed.error.issues[0]));
    const signedIn = await completeTwoFactorSignIn(deps, challenge, parsed.data.code, request);
    const headers = new Headers();
    for (const cookie of signedInCookies(signedIn, secure)) headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', clearedTwoFactorCookie(secure));
    return redirect(safeRedirect(parsed.data.redirectTo), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return authErrorResponse(error);
  }
}

export default function TwoFactorSignInPage() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const redirectTo = params.get('redirectTo') ?? '';
  return (
    <AuthCardPage
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app, or use one of your passkeys. Lost your phone? Enter one of your recovery codes instead."
      footer={
        <Link className="font-medium text-brand-600 underline" to="/login">
          Sign in with another account
        </Link>
      }
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={ACCOUNT_LIMITS.twoFactorCode}
          required
          autoFocus
          placeholder="123456"
        />
        {data?.error ? <FormAlert>{data.error}</FormAlert> : null}
        <Button type="submit" className="w-full" disabled={busy}>
          Verify and sign in
        </Button>
      </Form>
      <PasskeySecondFactorButton redirectTo={redirectTo} />
    </AuthCardPage>
  );
}
