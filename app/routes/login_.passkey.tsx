import { json, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { assertSameOrigin } from '../../worker/api/middleware/same-origin';
import {
  completeTwoFactorWithPasskey,
  passkeySignInOptions,
  secondFactorPasskeyOptions,
  signInWithPasskey,
} from '../../worker/domain/auth/passkeys/passkey-sign-in';
import { emailAddressSchema } from '../../worker/domain/auth/password-sign-in';
import { signedInCookies, type SignedIn } from '../../worker/domain/auth/sign-in';
import { AppError } from '../../worker/domain/errors';
import { authErrorResponse } from '../auth/auth-error.server';
import { assertionOf } from '../auth/passkey-form.server';
import { safeRedirect } from '../auth/safe-redirect';
import { depsOf } from '../auth/session.server';
import { clearedTwoFactorCookie, readTwoFactorChallenge } from '../auth/two-factor-cookie.server';
import { redirect } from '../http/redirect.server';
import { readForm } from '../http/read-form.server';

// The sign-in page's and the two-factor page's passkey buttons post here (app/auth/
// use-passkey-ceremony.ts): options first, then the browser's answer, which signs in as a
// password does and redirects.

function signedInRedirect(signedIn: SignedIn, to: FormDataEntryValue | null, secure: boolean, extra: string[] = []) {
  const headers = new Headers();
  for (const cookie of [...signedInCookies(signedIn, secure), ...extra]) headers.append('Set-Cookie', cookie);
  return redirect(safeRedirect(to), { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const deps = depsOf(context);
  const secure = new URL(request.url).protocol === 'https:';
  try {
    assertSameOrigin(request, deps.settings.APP_URL);
    const form = await readForm(request.clone());
    const challenge = () => {
      const token = readTwoFactorChallenge(request.headers.get('cookie'));
      if (!token) throw new AppError('unauthenticated', 'This sign-in has expired; enter your email and password again');
      return token;
    };
    switch (String(form.get('intent') ?? '')) {
      case 'options': {
        const typed = String(form.get('email') ?? '').trim();
        const email = typed ? emailAddressSchema.safeParse(typed) : null;
        if (email && !email.success)
          throw new AppError('invalid_request', 'Enter a valid email address, or leave it empty to choose a passkey');
        return json({ options: await passkeySignInOptions(deps, request, email?.data), error: null });
      }
      case 'sign-in':
        return signedInRedirect(await signInWithPasskey(deps, request, assertionOf(form.get('response'))), form.get('redirectTo'), secure);
      case 'second-factor-options':
        return json({ options: await secondFactorPasskeyOptions(deps, challenge()), error: null });
      case 'second-factor': {
        const signedIn = await completeTwoFactorWithPasskey(deps, challenge(), assertionOf(form.get('response')), request);
        return signedInRedirect(signedIn, form.get('redirectTo'), secure, [clearedTwoFactorCookie(secure)]);
      }
      default:
        throw new AppError('invalid_request', 'This page has no such passkey step; reload it and try again');
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return authErrorResponse(error);
  }
}
