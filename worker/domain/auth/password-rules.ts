import { AppError } from '../errors';
import { PASSWORD_MIN_LENGTH, TOO_COMMON, TOO_SHORT } from './password-rule-copy';

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
