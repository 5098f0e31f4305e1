import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useSearchParams } from '@remix-run/react';
import { AuthFormPage } from '../auth/auth-form-page';
import { getUser } from '../auth/session.server';
import { signInAction } from '../auth/sign-in-action.server';
import { redirect } from '../http/redirect.server';

export const meta: MetaFunction = () => [{ title: 'Create your account · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect('/home');
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) => signInAction('signup', request, context);

export default function SignupPage() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <AuthFormPage mode="signup" error={data && 'error' in data ? data.error : undefined} redirectTo={params.get('redirectTo') ?? ''} />
  );
}
