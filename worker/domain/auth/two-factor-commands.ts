import { z } from 'zod';
import { recordSecurityEvent } from '../audit/security-events';
import { command, type SignedIn } from '../command';
import { ACCOUNT_LIMITS } from './account-limits';
import { passwordProofSchema } from './password-rule';
import { assertOwnerProof } from './proof-of-user';
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes } from './two-factor';

/** A code from the authenticator app (6 digits) or a recovery code, as every two-factor form sends it. */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(6, 'must be the 6-digit code from your app or a recovery code')
  .max(ACCOUNT_LIMITS.twoFactorCode);

const passwordAndCode = z.object({ password: passwordProofSchema, code: twoFactorCodeSchema }).strict();

/**
 * Turns two-factor on with a current code from the new secret: the recovery codes, shown once.
 * Behind the password or a fresh sign-in: a stolen session must not set a secret only its thief
 * knows, which a reset would not undo (docs/decisions/050).
 */
export const enableTwoFactor = command(
  z.object({ code: twoFactorCodeSchema, password: passwordProofSchema.optional() }).strict(),
  async ({ deps, user, sessionToken }: SignedIn & { sessionToken?: string }, { code, password }) => {
    await assertOwnerProof(deps.directory.db, user.id, { password, sessionToken }, 'turn two-factor on');
    const codes = await confirmTwoFactor(deps.directory.db, deps.settings.ENCRYPTION_KEY, user.id, code);
    await recordSecurityEvent(deps, 'two_factor.enabled');
    return codes;
  },
);

/** Turns two-factor off behind the password and a current code. */
export const turnOffTwoFactor = command(passwordAndCode, async ({ deps, user }: SignedIn, { password, code }) => {
  await disableTwoFactor(deps.directory.db, deps.settings.ENCRYPTION_KEY, user.id, password, code);
  await recordSecurityEvent(deps, 'two_factor.disabled');
});

/** New recovery codes (the old ones stop working), behind the password and a current code. */
export const replaceRecoveryCodes = command(passwordAndCode, async ({ deps, user }: SignedIn, { password, code }) => {
  const codes = await regenerateRecoveryCodes(deps.directory.db, deps.settings.ENCRYPTION_KEY, user.id, password, code);
  await recordSecurityEvent(deps, 'two_factor.recovery_codes_replaced');
  return codes;
});
