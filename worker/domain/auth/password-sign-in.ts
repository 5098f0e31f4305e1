import { z } from 'zod';
import type { ServerDeps } from '../deps';
import { decryptSecret, encryptSecret } from '../secrets/stored-secret';
import { mailerFromEnv } from '../mail/mailer';
import { appOrigin } from '../settings/app-origin';
import { accountNameSchema } from './account-input';
import { knownDeviceFor, rememberDevice } from './known-devices';
import { newPasswordSchema, passwordProofSchema } from './password-rule';
import { requestPasswordReset } from './password-reset';
import { mayMailReset } from './reset-request-limits';
import { asAttempt, startAttempt } from './sign-in-throttle';
import { createSession } from './sessions';
import { startSignIn, type SignInStep } from './sign-in';
import { logIn, signUp } from './users';

// The password forms of the API (routes/auth/sign-in.ts, routes/auth/password-reset.ts) and of the pages
// (login, signup, forgot-password) run these, so the attempt limits come first the same way on
// both: before a password is checked, an account made or a reset email sent.

/** An email address as a sign-in, sign-up or reset form sends it: trimmed, at most 254 characters. */
export const emailAddressSchema = z.string().trim().max(254).pipe(z.email('must be a valid email address'));

/** The inputs of the commands below, as the API's bodies and the pages' forms are read. */
export const signInInput = z.object({ email: emailAddressSchema, password: passwordProofSchema }).strict();
export const signUpInput = signInInput
  .extend({ password: newPasswordSchema, name: accountNameSchema, time_zone: z.string().max(64).optional() })
  .strict();
export const forgotPasswordInput = z.object({ email: emailAddressSchema }).strict();

/** Email and password: a session, or the two-factor step. */
export async function signInWithPassword(
  server: ServerDeps,
  request: Request,
  input: { email: string; password: string },
): Promise<SignInStep> {
  const db = server.directory.db;
  const device = await knownDeviceFor(db, request, input.email);
  const attempt = await startAttempt(db, server.settings.AUTH_RATE_LIMIT_PER_15_MIN, request, input.email, device);
  const user = await asAttempt(attempt, () => logIn(db, server.settings.PASSWORD_HASH_ITERATIONS, input.email, input.password));
  return startSignIn(server, user, request);
}

/** A new account, signed in (it has no second factor yet). */
export async function signUpWithPassword(
  server: ServerDeps,
  request: Request,
  input: { email: string; password: string; name: string; timeZone?: string },
): Promise<Extract<SignInStep, { kind: 'session' }>> {
  const attempt = await startAttempt(server.directory.db, server.settings.AUTH_RATE_LIMIT_PER_15_MIN, request, input.email, null, {
    slowAddress: false,
  });
  const user = await asAttempt(attempt, () => signUp(server, input));
  const session = await createSession(server.directory.db, user.id, request.headers.get('user-agent'));
  const device = await rememberDevice(server.directory.db, user.id, request);
  return { kind: 'session', user, token: session.token, expiresAt: session.expiresAt, device };
}

/**
 * "Forgot password": the same answer whether or not the account exists, and the same work
 * before it, so the time to answer tells nothing either: one queued job for every address
 * (the job looks the account up). Work left to `waitUntil` still slowed the answer for a known
 * address by about 25 ms (medians of 20 requests in wrangler dev).
 * The job carries the address sealed with ENCRYPTION_KEY: a job that fails every retry stays in
 * dead_letters with no account to attach it to, and an address in clear would stay with it.
 */
export async function askForPasswordReset(server: ServerDeps, request: Request, email: string): Promise<void> {
  // Over the address's cap the email is dropped without a word: the answer stays the same.
  if (!(await mayMailReset(server.directory.db, server.settings.AUTH_RATE_LIMIT_PER_15_MIN, request, email))) return;
  const key = server.settings.ENCRYPTION_KEY;
  if (!key) {
    console.error(
      'Password reset email not sent: ENCRYPTION_KEY is not set, so Kith cannot seal the address in the job. Set ENCRYPTION_KEY (README "Settings").',
    );
    return;
  }
  await server.jobs.send({ type: 'send_password_reset', email_sealed: await encryptSecret(key, email) });
}

/**
 * The `send_password_reset` job: the email with a link when the address has an account. A
 * failure is retried (each try mails a new link; one that failed to go out reached nobody) and
 * throws words without the provider's, which may name the address.
 */
export async function sendPasswordReset(server: ServerDeps, emailSealed: string): Promise<void> {
  const email = await decryptSecret(server.settings.ENCRYPTION_KEY, emailSealed);
  await requestPasswordReset(server.directory.db, mailerFromEnv(server.env, server.settings), appOrigin(server.settings), email).catch(
    (error: unknown) => {
      console.error('Password reset email failed', error instanceof Error ? error.message : String(error));
      throw new Error('The password reset email could not be sent');
    },
  );
}
