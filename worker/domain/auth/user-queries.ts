import { and, asc, eq, gt, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export function userById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The user signed up with `email` (already trimmed and lower-cased), if any. */
export function userWithEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/** The id of the user signed up with `email` (already trimmed and lower-cased), if any. */
export function userIdWithEmail(db: Db, email: string) {
  return db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
}

export function insertUser(db: Db, row: UserRow) {
  return db.insert(users).values(row);
}

/** Writes `values` over the user's row; gives the row as it is now, if there is one. */
export function updateUserRow(db: Db, userId: string, values: Partial<UserRow>) {
  return db.update(users).set(values).where(eq(users.id, userId)).returning().get();
}

/** Copies the user's time zone to a shard's stub users row, where the due-date triggers read it. */
export function copyTimeZoneToStub(db: Db, userId: string, timeZone: string, updatedAt: string) {
  return db.update(users).set({ timeZone, updatedAt }).where(eq(users.id, userId));
}

/** The next `limit` users after `after` (by id) in this database's users table, but for those the directory places on another database. */
export function userIdsAfterOn(db: Db, after: string, limit: number, database: string) {
  const elsewhere = sql`EXISTS (SELECT 1 FROM user_databases d WHERE d.user_id = ${users.id} AND d.database <> ${database})`;
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(gt(users.id, after), not(elsewhere)))
    .orderBy(asc(users.id))
    .limit(limit);
}
