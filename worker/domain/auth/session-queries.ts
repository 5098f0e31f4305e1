import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export function insertSession(db: Db, session: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(session);
}

/** The user of the session `id` (a token's hash) if it is still valid at `now`. */
export function userOfSession(db: Db, id: string, now: string) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .get();
}

export function deleteSession(db: Db, id: string) {
  return db.delete(sessions).where(eq(sessions.id, id));
}

/** When the session `id` (a token's hash) of `userId` began, if it is theirs and still valid at `now`. */
export function sessionStartOf(db: Db, userId: string, id: string, now: string) {
  return db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .get();
}
