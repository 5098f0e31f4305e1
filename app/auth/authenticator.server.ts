import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { z } from 'zod';
import { accountNameSchema } from '../../worker/domain/auth/account-input';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from '../../worker/domain/auth/password-rule';
import { signInWithPassword, signUpWithPassword } from '../../worker/domain/auth/password-sign-in';
import type { SignInStep } from '../../worker/domain/auth/sign-in';
import type { ServerDeps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';

const loginForm = z.object({
  email: z.string().trim().min(1, 'Enter your email').max(254).pipe(z.email('Enter a valid email')),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});

const signupForm = loginForm.extend({
  name: accountNameSchema,
  password: newPasswordSchema,
  time_zone: z.string().max(64).optional(),
});

// Messages of shared schemas ("is required") read after the field's name.
const SHARED_FIELDS: Record<string, string> = { name: 'Your name', password: 'A password' };

function parse<T extends z.ZodTypeAny>(schema: T, form: FormData): z.infer<T> {
  const result = schema.safeParse(Object.fromEntries(form));
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = SHARED_FIELDS[String(issue?.path[0])];
    throw new AppError('invalid_request', field ? `${field} ${issue!.message}` : (issue?.message ?? 'Check the form'));
  }
  return result.data;
}

/** remix-auth with two form strategies, "login" and "signup", running the API's sign-in commands. */
export function createAuthenticator(deps: ServerDeps, request: Request) {
  const authenticator = new Authenticator<SignInStep>();
  authenticator.use(new FormStrategy(async ({ form }) => signInWithPassword(deps, request, parse(loginForm, form))), 'login');
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const input = parse(signupForm, form);
      return signUpWithPassword(deps, request, { email: input.email, password: input.password, name: input.name, timeZone: input.time_zone });
    }),
    'signup',
  );
  return authenticator;
}
