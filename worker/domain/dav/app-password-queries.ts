import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appPasswords, users } from '../../db/schema';

// The directory's sync passwords (migration 0044): one row per device.

export const insertAppPassword = (db: Db, row: typeof appPasswords.$inferInsert) => db.insert(appPasswords).values(row);

/** The user's sync passwords, newest first (a handful per user: their devices). */
export const appPasswordsOf = (db: Db, userId: string) =>
  db
    .select({
      id: appPasswords.id,
      name: appPasswords.name,
      prefix: appPasswords.passwordPrefix,
      createdAt: appPasswords.createdAt,
      lastUsedAt: appPasswords.lastUsedAt,
    })
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id))
    .limit(200);

export const deleteAppPassword = (db: Db, userId: string, id: string) =>
  db
    .delete(appPasswords)
    .where(and(eq(appPasswords.userId, userId), eq(appPasswords.id, id)))
    .returning({ id: appPasswords.id, name: appPasswords.name });

/** Every sync password of the user (a way in: endEveryWayIn), with the ids deleted. */
export const endAppPasswords = (db: Db, userId: string) =>
  db.delete(appPasswords).where(eq(appPasswords.userId, userId)).returning({ id: appPasswords.id });

/** The password with this hash and its account (Basic auth: the user name must be the account's email). */
export const appPasswordByHash = (db: Db, hash: string) =>
  db
    .select({
      id: appPasswords.id,
      name: appPasswords.name,
      lastUsedAt: appPasswords.lastUsedAt,
      userId: users.id,
      email: users.email,
      userName: users.name,
      timeZone: users.timeZone,
      userCreatedAt: users.createdAt,
    })
    .from(appPasswords)
    .innerJoin(users, eq(users.id, appPasswords.userId))
    .where(eq(appPasswords.passwordHash, hash))
    .get();

export const markAppPasswordUsed = (db: Db, id: string, now: string) =>
  db.update(appPasswords).set({ lastUsedAt: now }).where(eq(appPasswords.id, id));
