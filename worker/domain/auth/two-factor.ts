import type { Db } from '../../db/client';
import { nowIso, sha256Hex } from '../../db/columns';
import { AppError } from '../errors';
import { notConfigured } from '../settings/not-configured';
import { decryptSecret, encryptSecret } from '../secrets/stored-secret';
import { verifyPassword } from './passwords';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import {
  advanceTotpStep,
  countUnusedRecoveryCodes,
  deletePendingTwoFactor,
  deleteRecoveryCodes,
  deleteTwoFactor,
  emailOfUser,
  enableTwoFactor,
  insertRecoveryCodes,
  spendRecoveryCode,
  twoFactorEnabledAt,
  twoFactorOf,
  upsertPendingTwoFactor,
} from './two-factor-queries';
import { userById } from './user-queries';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: recovery codes get typed from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  recovery_codes_left: number;
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const row = await twoFactorEnabledAt(db, userId);
  const left = await countUnusedRecoveryCodes(db, userId);
  return {
    enabled: Boolean(row?.enabledAt),
    pending: Boolean(row && !row.enabledAt),
    recovery_codes_left: row?.enabledAt ? (left?.n ?? 0) : 0,
  };
}

export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await twoFactorEnabledAt(db, userId);
  return Boolean(row?.enabledAt);
}

/** A new secret, not yet in force: it counts only once `confirmTwoFactor` sees a code from it. */
export async function startTwoFactorSetup(db: Db, encryptionKey: string | undefined, userId: string) {
  if (await isTwoFactorEnabled(db, userId)) throw new AppError('conflict', 'Two-factor authentication is already on');
  if (!encryptionKey) throw notConfigured('Two-factor authentication', ['ENCRYPTION_KEY']);
  const user = await emailOfUser(db, userId);
  const secret = newTotpSecret();
  const secretEncrypted = await encryptSecret(encryptionKey, secret);
  const now = nowIso();
  await upsertPendingTwoFactor(db, userId, secretEncrypted, now);
  return { secret, otpauth_uri: otpauthUri(secret, user?.email ?? '') };
}

/** Accepts a TOTP code and records its step, so the same code cannot be used twice. */
async function acceptTotp(
  db: Db,
  encryptionKey: string | undefined,
  userId: string,
  code: string,
  requireEnabled: boolean,
): Promise<boolean> {
  const row = await twoFactorOf(db, userId);
  if (!row || (requireEnabled && !row.enabledAt)) return false;
  const secret = await decryptSecret(encryptionKey, row.secretEncrypted);
  const step = await matchTotp(secret, code, Date.now(), row.lastUsedStep);
  if (step === null) return false;
  // Guarded update: of two concurrent uses of one code, only one moves the step forward.
  const moved = await advanceTotpStep(db, userId, step);
  return moved.length === 1;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

async function consumeRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const used = await spendRecoveryCode(db, userId, await sha256Hex(normalized), nowIso());
  return used.length === 1;
}

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces every recovery code; the plain codes are returned once and stored hashed. */
async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalizeRecoveryCode(c))));
  await db.batch([deleteRecoveryCodes(db, userId), insertRecoveryCodes(db, userId, hashes)]);
  return codes;
}

/** Turns two-factor on once a code from the new secret proves the app is set up. */
export async function confirmTwoFactor(db: Db, encryptionKey: string | undefined, userId: string, code: string): Promise<string[]> {
  const row = await twoFactorEnabledAt(db, userId);
  if (!row) throw new AppError('not_processable', 'Start the two-factor setup first');
  if (row.enabledAt) throw new AppError('conflict', 'Two-factor authentication is already on');
  if (!(await acceptTotp(db, encryptionKey, userId, code.trim(), false))) {
    throw new AppError('invalid_request', 'That code is not valid; enter the current code from your app', {
      issues: [{ path: 'code', message: 'is not valid' }],
    });
  }
  await enableTwoFactor(db, userId, nowIso());
  return issueRecoveryCodes(db, userId);
}

/** A code from the app or an unused recovery code (which is then spent). */
export async function verifySecondFactor(db: Db, encryptionKey: string | undefined, userId: string, code: string): Promise<boolean> {
  const trimmed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) return acceptTotp(db, encryptionKey, userId, trimmed, true);
  return consumeRecoveryCode(db, userId, trimmed);
}

const wrongCode = () => new AppError('invalid_request', 'That code is not valid', { issues: [{ path: 'code', message: 'is not valid' }] });

async function assertPasswordAndCode(db: Db, encryptionKey: string | undefined, userId: string, password: string, code: string) {
  const user = await userById(db, userId);
  if (!user || !(await verifyPassword(password, user.passwordHash, user.passwordSalt))) {
    throw new AppError('invalid_request', 'The password is incorrect', { issues: [{ path: 'password', message: 'is incorrect' }] });
  }
  if (!(await isTwoFactorEnabled(db, userId))) throw new AppError('not_processable', 'Two-factor authentication is not on');
  if (!(await verifySecondFactor(db, encryptionKey, userId, code))) throw wrongCode();
}

/** Turning it off needs both the password and a current code (or a recovery code). */
export async function disableTwoFactor(
  db: Db,
  encryptionKey: string | undefined,
  userId: string,
  password: string,
  code: string,
): Promise<void> {
  await assertPasswordAndCode(db, encryptionKey, userId, password, code);
  await db.batch([deleteRecoveryCodes(db, userId), deleteTwoFactor(db, userId)]);
}

/** New recovery codes (the old ones stop working), behind the same proof as disabling. */
export async function regenerateRecoveryCodes(
  db: Db,
  encryptionKey: string | undefined,
  userId: string,
  password: string,
  code: string,
): Promise<string[]> {
  await assertPasswordAndCode(db, encryptionKey, userId, password, code);
  return issueRecoveryCodes(db, userId);
}

/** The secret of a setup not yet confirmed, so the page can show it again after a wrong code. */
export async function pendingTwoFactorSetup(db: Db, encryptionKey: string | undefined, userId: string) {
  const row = await twoFactorOf(db, userId);
  if (!row || row.enabledAt) return null;
  const user = await emailOfUser(db, userId);
  const secret = await decryptSecret(encryptionKey, row.secretEncrypted);
  return { secret, otpauth_uri: otpauthUri(secret, user?.email ?? '') };
}

/** Drops a setup that was never confirmed (two-factor stays off). */
export async function cancelTwoFactorSetup(db: Db, userId: string): Promise<void> {
  await deletePendingTwoFactor(db, userId);
}
