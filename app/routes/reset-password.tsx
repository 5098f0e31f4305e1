import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { assertSameOrigin } from '../../worker/api/middleware/same-origin';
import { ACCOUNT_LIMITS } from '../../worker/domain/auth/account-limits';
import { isResetTokenUsable, resetPassword, resetPasswordInput } from '../../worker/domain/auth/password-reset';
import { RESET_MINUTES } from '../../worker/domain/auth/password-reset-copy';
import { PASSWORD_MAX_LENGTH } from '../../worker/domain/auth/password-rule';
import { clearedSessionCookie } from '../../worker/domain/auth/sessions';
import { endedQuery } from '../auth/ended-ways-in.server';
import { countPasskeys } from '../../worker/domain/auth/passkeys/passkey-queries';
import { AppError } from '../../worker/domain/errors';
import { AuthCardPage, FormAlert } from '../auth/auth-card-page';
import { NewPasswordField } from '../auth/new-password-field';
import { authErrorResponse } from '../auth/auth-error.server';
import { depsOf } from '../auth/session.server';
import { Button } from '../components/ui/button';
import { plainIssue } from '../http/plain-issue';
import { redirect } from '../http/redirect.server';
import { readForm } from '../http/read-form.server';

export const meta: MetaFunction = () => [{ title: 'Choose a new password · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const usable =
    token.length > 0 && token.length <= ACCOUNT_LIMITS.resetToken && (await isResetTokenUsable(depsOf(context).directory.db, token));
  return json({ token: usable ? token : null });
}

// The API's reset body, and the repeated password only a form asks for.
const form = z
  .object({ ...resetPasswordInput.shape, confirm_password: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((v) => v.new_password === v.confirm_password, 'The two passwords differ');

export async function action({ request, context }: ActionFunctionArgs) {
  const deps = depsOf(context);
  try {
    assertSameOrigin(request, deps.settings.APP_URL);
    const parsed = form.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) throw new AppError('invalid_request', plainIssue(parsed.error.issues[0], { new_password: 'The new password' }));
    const { userId, ended } = await resetPassword(deps, parsed.data.token, parsed.data.new_password);
    const secure = new URL(request.url).protocol === 'https:';
    // A reset keeps passkeys (ADR 027): the sign-in page says how many still sign in.
    const kept = (await countPasskeys(deps.directory.db, userId))?.n ?? 0;
    return redirect(`/login?reset=done&ended=${endedQuery(ended)}&passkeys=${kept}`, {
      headers: { 'Set-Cookie': clearedSessionCookie(secure) },
    });
  } catch (error) {
    return authErrorResponse(error);
  }
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  if (!token) {
    return (
      <AuthCardPage title="This link no longer works">
        <FormAlert>Reset links work once, for {RESET_MINUTES} minutes. Ask for a new one.</FormAlert>
        <Link className="block text-center text-sm font-medium text-brand-600 underline" to="/forgot-password">
          Send me a new link
        </Link>
      </AuthCardPage>
    );
  }
  return (
    <AuthCardPage title="Choose a new password" description="Every device signed in to your account will be signed out.">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <NewPasswordField />
        <NewPasswordField repeat />
        {data?.error ? <FormAlert>{data.error}</FormAlert> : null}
        <Button type="submit" className="w-full" disabled={busy}>
          Set new password
        </Button>
      </Form>
    </AuthCardPage>
  );
}
