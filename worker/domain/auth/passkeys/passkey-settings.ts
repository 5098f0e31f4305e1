import { nowIso, sha256Hex } from '../../../db/columns';
import { recordSecurityEvent } from '../../audit/security-events';
import { command, type OnRecord, type SignedIn } from '../../command';
import { AppError, notFound } from '../../errors';
import { verifyPassword } from '../passwords';
import { sessionStartOf } from '../session-queries';
import { userById } from '../user-queries';
import { removePasskeyInput, renamePasskeyInput } from './passkey-input';
import { deletePasskeyRow, passkeyOf, passkeysOf, renamePasskeyRow } from './passkey-queries';
import { MAX_PASSKEYS } from './passkey-registration';
import { toPasskeySummary, type PasskeySummary } from './passkey-summary';

/** A sign-in this recent proves it is the user, as the password does, for removing a passkey. */
export const FRESH_SIGN_IN_MINUTES = 10;

/** The signed-in user's passkeys, oldest first (an account holds at most MAX_PASSKEYS). */
export async function listPasskeys({ deps, user }: SignedIn): Promise<PasskeySummary[]> {
  return (await passkeysOf(deps.directory.db, user.id, MAX_PASSKEYS)).map(toPasskeySummary);
}

export const renamePasskey = command(renamePasskeyInput, async ({ deps, user, id }: OnRecord, { name }): Promise<PasskeySummary> => {
  const row = await renamePasskeyRow(deps.directory.db, user.id, id, name);
  if (!row) throw notFound('Passkey');
  return toPasskeySummary(row);
});

const proofNeeded = () =>
  new AppError('invalid_request', 'Enter your password to remove a passkey', { issues: [{ path: 'password', message: 'is required' }] });

/**
 * Removes a passkey behind a proof that it is the user: the password, or a session begun in
 * the last FRESH_SIGN_IN_MINUTES (a token, or an older session, must give the password).
 */
export const removePasskey = command(
  removePasskeyInput,
  async ({ deps, user, id, sessionToken }: OnRecord & { sessionToken?: string }, { password }): Promise<PasskeySummary> => {
    const db = deps.directory.db;
    if (!(await passkeyOf(db, user.id, id))) throw notFound('Passkey');
    if (password !== undefined) {
      const row = await userById(db, user.id);
      if (!row || !(await verifyPassword(password, row.passwordHash, row.passwordSalt)))
        throw new AppError('invalid_request', 'The password is incorrect', { issues: [{ path: 'password', message: 'is incorrect' }] });
    } else {
      const session = sessionToken ? await sessionStartOf(db, user.id, await sha256Hex(sessionToken), nowIso()) : undefined;
      const fresh = session && Date.now() - Date.parse(session.createdAt) < FRESH_SIGN_IN_MINUTES * 60_000;
      if (!fresh) throw proofNeeded();
    }
    const removed = await deletePasskeyRow(db, user.id, id);
    if (!removed) throw notFound('Passkey');
    await recordSecurityEvent(deps, 'passkey.removed', { name: removed.name });
    return toPasskeySummary(removed);
  },
);
