import { z } from 'zod';
import { command, type SignedIn } from '../command';
import { ACCOUNT_LIMITS } from './account-limits';
import { passwordProofSchema } from './password-rule';
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes } from './two-factor';

/** A code from the authenticator app (6 digits) or a recovery code, as every two-factor form sends it. */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(6, 'must be the 6-digit code from your app or a recovery code')
  .max(ACCOUNT_LIMITS.twoFactorCode);

const passwordAndCode = z.object({ password: passwordProofSchema, code: twoFactorCodeSchema }).strict();

/** Turns two-factor on with a current code from the new secret: the recovery codes, shown once. */
export const enableTwoFactor = command(z.object({ code: twoFactorCodeSchema }).strict(), ({ deps, user }: SignedIn, { code }) =>
  confirmTwoFactor(deps.directory.db, deps.settings.ENCRYPTION_KEY, user.id, code),
);

/** Turns two-factor off behind the password and a current code. */
export const turnOffTwoFactor = command(passwordAndCode, ({ deps, user }: SignedIn, { password, code }) =>
  disableTwoFactor(deps.directory.db, deps.settings.ENCRYPTION_KEY, user.id, password, code),
);

/** New recovery codes (the old ones stop working), behind the password and a current code. */
export const replaceRecoveryCodes = command(passwordAndCode, ({ deps, user }: SignedIn, { password, code }) =>
  regenerateRecoveryCodes(deps.directory.db, deps.settings.ENCRYPTION_KEY, user.id, password, code),
);
