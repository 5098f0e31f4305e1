import { recordSecurityEvent } from '../../audit/security-events';
import { command, type OnRecord, type SignedIn } from '../../command';
import { notFound } from '../../errors';
import { assertOwnerProof } from '../proof-of-user';
import { removePasskeyInput, renamePasskeyInput } from './passkey-input';
import { deletePasskeyRow, passkeyOf, passkeysOf, renamePasskeyRow } from './passkey-queries';
import { MAX_PASSKEYS } from './passkey-registration';
import { toPasskeySummary, type PasskeySummary } from './passkey-summary';

export { FRESH_SIGN_IN_MINUTES } from '../proof-of-user';

/** The signed-in user's passkeys, oldest first (an account holds at most MAX_PASSKEYS). */
export async function listPasskeys({ deps, user }: SignedIn): Promise<PasskeySummary[]> {
  return (await passkeysOf(deps.directory.db, user.id, MAX_PASSKEYS)).map(toPasskeySummary);
}

export const renamePasskey = command(renamePasskeyInput, async ({ deps, user, id }: OnRecord, { name }): Promise<PasskeySummary> => {
  const row = await renamePasskeyRow(deps.directory.db, user.id, id, name);
  if (!row) throw notFound('Passkey');
  return toPasskeySummary(row);
});

/**
 * Removes a passkey behind a proof that it is the user: the password, or a session begun in
 * the last FRESH_SIGN_IN_MINUTES (a token, or an older session, must give the password).
 */
export const removePasskey = command(
  removePasskeyInput,
  async ({ deps, user, id, sessionToken }: OnRecord & { sessionToken?: string }, { password }): Promise<PasskeySummary> => {
    const db = deps.directory.db;
    if (!(await passkeyOf(db, user.id, id))) throw notFound('Passkey');
    await assertOwnerProof(db, user.id, { password, sessionToken }, 'remove a passkey');
    const removed = await deletePasskeyRow(db, user.id, id);
    if (!removed) throw notFound('Passkey');
    await recordSecurityEvent(deps, 'passkey.removed', { name: removed.name });
    return toPasskeySummary(removed);
  },
);
