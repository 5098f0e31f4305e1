import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

/** Who signed up with `email` (already trimmed and lower-cased), as a reset email names them. */
export function userToReset(db: Db, email: string) {
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, email)).get();
}

export function insertPasswordReset(db: Db, reset: typeof passwordResets.$inferInsert) {
  return db.insert(passwordResets).values(reset);
}

/** The reset `id` (a link token's hash) if it is unused and still open at `now`. */
export function usableReset(db: Db, id: string, now: string) {
  return db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .get();
}

/** Marks the reset `id` used at `now` if it was usable; gives its user then. */
export function spendReset(db: Db, id: string, now: string) {
  return db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId })
    .get();
}
