import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { AuthFormPage } from '../auth/auth-form-page';
import { endedSentence } from '../auth/ended-ways-in.server';
import { safeRedirect } from '../auth/safe-redirect';
import { getUser } from '../auth/session.server';
import { signInAction } from '../auth/sign-in-action.server';
import { redirect } from '../http/redirect.server';

export const meta: MetaFunction = () => [{ title: 'Sign in · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (await getUser(request, context)) throw redirect(safeRedirect(params.get('redirectTo')));
  // After a reset: what it ended, in Kith's own words only (ended-ways-in.server.ts).
  const done = params.get('reset') === 'done';
  const passkeys = done && /^\d{1,2}$/.test(params.get('passkeys') ?? '') ? Number(params.get('passkeys')) : 0;
  return json({ ended: done ? endedSentence(params.get('ended')) : null, passkeys });
}

export const action = ({ request, context }: ActionFunctionArgs) => signInAction('login', request, context);

export default function LoginPage() {
  const data = useActionData<typeof action>();
  const { ended, passkeys } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // A reset keeps passkeys (ADR 027), so the page says they still sign in rather than "every way".
  const kept =
    passkeys > 0
      ? ` Your ${passkeys === 1 ? 'passkey still signs' : `${passkeys} passkeys still sign`} in: if you do not recognise one, remove it in Settings.`
      : '';
  const notice = ended
    ? passkeys > 0
      ? `Your password was changed and every session and token was ended. ${ended}${kept} Sign in with the new password or a passkey.`
      : `Your password was changed and every way into your account was ended. ${ended} Sign in with the new password.`
    : undefined;
  return (
    <AuthFormPage
      mode="login"
      error={data && 'error' in data ? data.error : undefined}
      notice={notice}
      redirectTo={params.get('redirectTo') ?? ''}
    />
  );
}
