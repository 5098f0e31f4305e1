import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { assertSameOrigin } from '../../worker/api/middleware/same-origin';
import { askForPasswordReset, forgotPasswordInput } from '../../worker/domain/auth/password-sign-in';
import { FORGOT_MESSAGE } from '../../worker/domain/auth/password-reset-copy';
import { AppError } from '../../worker/domain/errors';
import { AuthCardPage, FormAlert } from '../auth/auth-card-page';
import { authErrorResponse } from '../auth/auth-error.server';
import { depsOf } from '../auth/session.server';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/text-field';
import { commandForm } from '../http/command-form.server';
import { readForm } from '../http/read-form.server';

export const meta: MetaFunction = () => [{ title: 'Forgot your password · Kith' }];

export async function action({ request, context }: ActionFunctionArgs) {
  const deps = depsOf(context);
  try {
    assertSameOrigin(request, deps.settings.APP_URL);
    const parsed = commandForm({ input: forgotPasswordInput }, await readForm(request));
    if (!parsed.ok) throw new AppError('invalid_request', parsed.error);
    await askForPasswordReset(deps, request, parsed.input.email);
    return json({ error: null, done: true });
  } catch (error) {
    return authErrorResponse(error);
  }
}

export default function ForgotPasswordPage() {
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <AuthCardPage
      title="Forgot your password?"
      description="Enter the email you sign in with and we will send you a link to choose a new password."
    >
      {data?.done ? (
        <FormAlert tone="success">{FORGOT_MESSAGE}</FormAlert>
      ) : (
        <Form method="post" className="space-y-4">
          <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
          {data?.error ? <FormAlert>{data.error}</FormAlert> : null}
          <Button type="submit" className="w-full" disabled={busy}>
            Email me a reset link
          </Button>
        </Form>
      )}
    </AuthCardPage>
  );
}
