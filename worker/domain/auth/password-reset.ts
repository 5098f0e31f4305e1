import { z } from 'zod';
import type { Db } from '../../db/client';
import { nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { AppError } from '../errors';
import { ACCOUNT_LIMITS } from './account-limits';
import type { Mailer } from '../mail/mailer';
import { assertAcceptablePassword, newPasswordSchema } from './password-rule';
import { recordSecurityEvent } from '../audit/security-events';
import { depsForUser, type ServerDeps } from '../deps';
import { setPasswordHash } from './account-queries';
import { endEveryWayIn, type EndedWaysIn } from './every-way-in';
import { hashPassword } from './passwords';
import { RESET_MINUTES } from './password-reset-copy';
import { insertPasswordReset, spendReset, usableReset, userToReset } from './password-reset-queries';

/** A reset as the API's body and the reset page's form carry it: the emailed token and the new password. */
export const resetPasswordInput = z
  .object({ token: z.string().min(1).max(ACCOUNT_LIMITS.resetToken), new_password: newPasswordSchema })
  .strict();

/**
 * Emails a single-use reset link when the address belongs to an account, and does
 * nothing otherwise: callers answer the same either way, so the form cannot be used to
 * learn who has an account. The link starts with `appOrigin` (APP_URL, see
 * domain/settings/app-origin.ts); without it no mail goes out, since a link built from
 * the request's Host header could carry the token to whatever host the sender named.
 */
export async function requestPasswordReset(db: Db, mailer: Mailer, appOrigin: string | null, email: string): Promise<void> {
  if (!appOrigin) {
    console.error(
      'Password reset email not sent: APP_URL is not set, so Kith cannot build the reset link. Set APP_URL to the address users open Kith at (README "Settings").',
    );
    return;
  }
  const user = await userToReset(db, email.trim().toLowerCase());
  if (!user) return;
  const token = randomSecret(32);
  const now = new Date();
  await insertPasswordReset(db, {
    id: await sha256Hex(token),
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000).toISOString(),
    usedAt: null,
  });
  const link = `${appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  await mailer({
    to: user.email,
    subject: 'Reset your Kith password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Kith account.',
      `Choose a new password here within ${RESET_MINUTES} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}

const invalidLink = () =>
  new AppError('invalid_request', 'This reset link is invalid, already used or expired; ask for a new one', {
    issues: [{ path: 'token', message: 'is invalid or expired' }],
  });

/** True while the link can still be used (the reset page checks before showing its form). */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  const row = await usableReset(db, await sha256Hex(token), nowIso());
  return Boolean(row);
}

/**
 * Spends the link (single use, even under concurrent submits), sets the new password and
 * ends every way in (endEveryWayIn): a reset is the recovery path and assumes the account
 * was taken, so every session, token and the calendar feed's URL die with it. It signs
 * nobody in, and two-factor still guards the next sign-in.
 */
export async function resetPassword(
  server: ServerDeps,
  token: string,
  newPassword: string,
): Promise<{ userId: string; ended: EndedWaysIn }> {
  const db = server.directory.db;
  // Before the link is spent: a refused password leaves the link usable for another try.
  await assertAcceptablePassword(newPassword, 'new_password');
  const now = nowIso();
  const spent = await spendReset(db, await sha256Hex(token), now);
  if (!spent) throw invalidLink();
  const { hash, salt } = await hashPassword(newPassword, server.settings.PASSWORD_HASH_ITERATIONS);
  const deps = await depsForUser(server, spent.userId);
  const ended = await endEveryWayIn(deps, { first: [setPasswordHash(db, spent.userId, hash, salt, now)] });
  await recordSecurityEvent(deps, 'password.reset');
  return { userId: spent.userId, ended };
}
