import type { Db } from '../../db/client';
import { nowIso, sha256Hex } from '../../db/columns';
import { AppError } from '../errors';
import { verifyPassword } from './passwords';
import { sessionStartOf } from './session-queries';
import { userById } from './user-queries';

/** A sign-in this recent proves it is the user, as the password does (ADR 027, 050). */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * Proof that the caller is the account's owner and not someone holding a stolen session: the
 * password, or a session begun in the last FRESH_SIGN_IN_MINUTES. Used where a thief could keep
 * the owner out or stay in (removing a passkey, turning two-factor on). `action` completes
 * "Enter your password to …".
 */
export async function assertOwnerProof(
  db: Db,
  userId: string,
  proof: { password?: string; sessionToken?: string },
  action: string,
): Promise<void> {
  if (proof.password !== undefined) {
    const row = await userById(db, userId);
    if (!row || !(await verifyPassword(proof.password, row.passwordHash, row.passwordSalt)))
      throw new AppError('invalid_request', 'The password is incorrect', { issues: [{ path: 'password', message: 'is incorrect' }] });
    return;
  }
  const session = proof.sessionToken ? await sessionStartOf(db, userId, await sha256Hex(proof.sessionToken), nowIso()) : undefined;
  if (session && Date.now() - Date.parse(session.createdAt) < FRESH_SIGN_IN_MINUTES * 60_000) return;
  throw new AppError('invalid_request', `Enter your password to ${action}`, { issues: [{ path: 'password', message: 'is required' }] });
}
