import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes, twoFactor, users } from '../../db/schema';

/** When the user's two-factor was confirmed (null while its setup is pending), if they have any. */
export function twoFactorEnabledAt(db: Db, userId: string) {
  return db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).get();
}

/** The user's two-factor row, secret included. */
export function twoFactorOf(db: Db, userId: string) {
  return db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
}

export function countUnusedRecoveryCodes(db: Db, userId: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
}

export function emailOfUser(db: Db, userId: string) {
  return db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
}

/** Stores a new, not yet confirmed secret, over any the user had. */
export function upsertPendingTwoFactor(db: Db, userId: string, secretEncrypted: string, now: string) {
  return db
    .insert(twoFactor)
    .values({ userId, secretEncrypted, enabledAt: null, lastUsedStep: 0, createdAt: now })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretEncrypted, enabledAt: null, lastUsedStep: 0, createdAt: now } });
}

/** Records `step` as the last TOTP step used, only if it is later than the stored one; gives the row changed, if any. */
export function advanceTotpStep(db: Db, userId: string, step: number) {
  return db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, userId), lt(twoFactor.lastUsedStep, step)))
    .returning({ userId: twoFactor.userId });
}

/** Spends the user's unused recovery code of this hash at `now`; gives the row changed, if any. */
export function spendRecoveryCode(db: Db, userId: string, codeHash: string, now: string) {
  return db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
}

export function deleteRecoveryCodes(db: Db, userId: string) {
  return db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export function insertRecoveryCodes(db: Db, userId: string, hashes: string[]) {
  return db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null })));
}

export function enableTwoFactor(db: Db, userId: string, now: string) {
  return db.update(twoFactor).set({ enabledAt: now }).where(eq(twoFactor.userId, userId));
}

export function deleteTwoFactor(db: Db, userId: string) {
  return db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** Deletes the user's two-factor setup if it was never confirmed. */
export function deletePendingTwoFactor(db: Db, userId: string) {
  return db.delete(twoFactor).where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)));
}
