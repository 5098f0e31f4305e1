import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passkeys } from '../../../db/schema';

export function insertPasskey(db: Db, row: typeof passkeys.$inferInsert) {
  return db.insert(passkeys).values(row);
}

/** The user's passkeys, oldest first (at most MAX_PASSKEYS, so one page). */
export function passkeysOf(db: Db, userId: string, limit: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)).limit(limit);
}

export function countPasskeys(db: Db, userId: string) {
  return db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get();
}

/** The user's passkey `id`, if it is theirs. */
export function passkeyOf(db: Db, userId: string, id: string) {
  return db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .get();
}

/** The credential the browser named, whoever it belongs to (a passwordless sign-in knows no user yet). */
export function passkeyByCredentialId(db: Db, credentialId: string) {
  return db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
}

export function renamePasskeyRow(db: Db, userId: string, id: string, name: string) {
  return db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning()
    .get();
}

export function deletePasskeyRow(db: Db, userId: string, id: string) {
  return db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning()
    .get();
}

/**
 * Records a use: the new counter and the time, only if the stored counter is still the one
 * the signature was checked against, so two concurrent uses of one counter value (a clone)
 * cannot both pass. Gives the row changed, if any.
 */
export function recordPasskeyUse(db: Db, id: string, checkedCounter: number, newCounter: number, now: string) {
  return db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id })
    .get();
}
