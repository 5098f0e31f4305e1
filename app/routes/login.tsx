import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useSearchParams } from '@remix-run/react';
import { AuthFormPage } from '../auth/auth-form-page';
import { safeRedirect } from '../auth/safe-redirect';
import { getUser } from '../auth/session.server';
import { signInAction } from '../auth/sign-in-action.server';
import { redirect } from '../http/redirect.server';

export const meta: MetaFunction = () => [{ title: 'Sign in · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')));
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) => signInAction('login', request, context);

export default function LoginPage() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const notice =
    params.get('reset') === 'done'
      ? 'Your password was changed and every device was signed out. Sign in with the new password.'
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
