import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { z } from 'zod';
import { signInInput, signInWithPassword, signUpInput, signUpWithPassword } from '../../worker/domain/auth/password-sign-in';
import type { SignInStep } from '../../worker/domain/auth/sign-in';
import type { ServerDeps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { commandForm } from '../http/command-form.server';

// The sign-up form names its fields as a new account's ("A password is required").
const SIGN_UP_FIELDS: Record<string, string> = { name: 'Your name', password: 'A password' };

/** The form read by the API's own body schema; its first problem in the page's words. */
function parse<T extends z.ZodType>(input: T, form: FormData, names: Record<string, string> = {}): z.output<T> {
  const parsed = commandForm({ input }, form, names);
  if (!parsed.ok) throw new AppError('invalid_request', parsed.error);
  return parsed.input;
}

/** remix-auth with two form strategies, "login" and "signup", running the API's sign-in commands. */
export function createAuthenticator(deps: ServerDeps, request: Request) {
  const authenticator = new Authenticator<SignInStep>();
  authenticator.use(new FormStrategy(async ({ form }) => signInWithPassword(deps, request, parse(signInInput, form))), 'login');
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const input = parse(signUpInput, form, SIGN_UP_FIELDS);
      return signUpWithPassword(deps, request, {
        email: input.email,
        password: input.password,
        name: input.name,
        timeZone: input.time_zone,
      });
    }),
    'signup',
  );
  return authenticator;
}
