import { z } from 'zod';
import { AppError } from '../errors';
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, TOO_COMMON, TOO_SHORT } from './password-rule-copy';

// The password rule, once: the field every form and API body that sets a password reads it
// with, and the check the domain commands (signUp, changePassword, resetPassword) run on it.

/** PBKDF2 hashes every byte: a password longer than this is refused before any hashing. */
export const PASSWORD_MAX_LENGTH = 1000;

/**
 * A new password as a form or an API body carries it (signup, reset, change): present and
 * bounded. Whether it may be used is `passwordProblem`'s answer, which needs the common list
 * (loaded asynchronously), so the domain command asks it and names the field in its error.
 */
export const newPasswordSchema = z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH).describe(PASSWORD_HINT);

/** The password a user types to prove it is them (sign-in, turning two-factor off...): present and bounded. */
export const passwordProofSchema = z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH);

let common: Promise<Set<string>> | undefined;

/**
 * The ~49 000 most common passwords of public breach lists, ranked (zxcvbn-ts's "common"
 * dictionary, shipped with the app: no network call). Loaded on first use, not at start-up,
 * and only on the server: nothing in the browser imports this module.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

/** What is wrong with a new password, in the user's words; null when it may be used. */
export async function passwordProblem(password: string): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return TOO_SHORT;
  if ((await commonPasswords()).has(password.toLowerCase())) return TOO_COMMON;
  return null;
}

/** Every place a password is set (signup, reset, change) goes through this one rule. */
export async function assertAcceptablePassword(password: string, field: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new AppError('invalid_request', problem, { issues: [{ path: field, message: problem }] });
}
