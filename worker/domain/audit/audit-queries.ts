import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { auditLog } from '../../db/schema';
import type { UserStore } from '../../db/stores';

/** The statement that records a destructive action; batch it with the action itself. */
export function auditStatement(
  db: Db,
  userId: string,
  action: string,
  subjectType: string,
  subjectId: string | null,
  data: unknown,
  id = newId(),
) {
  return db.insert(auditLog).values({
    id,
    userId,
    action,
    subjectType,
    subjectId,
    data: JSON.stringify(data),
    createdAt: nowIso(),
  });
}

/** One page of the user's audit records, newest first. */
export function auditLogPage(db: Db, userId: string, page: number, pageSize: number) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** How many audit records the user has. */
export function countAuditLog(db: Db, userId: string) {
  return db.select({ n: count() }).from(auditLog).where(eq(auditLog.userId, userId));
}

/** Writes one audit record on its own (security events); answers its id. */
export async function insertAuditEntry(store: UserStore, action: string, subjectType: string, subjectId: string | null, data: unknown) {
  const id = newId();
  await auditStatement(store.db, store.userId, action, subjectType, subjectId, data, id);
  return id;
}

/** One audit record of the user, by id (a queued alert reads the event it mails). */
export async function auditEntry(store: UserStore, id: string) {
  const [row] = await store.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, store.userId), eq(auditLog.id, id)))
    .limit(1);
  return row ?? null;
}
