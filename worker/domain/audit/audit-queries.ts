import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { auditLog } from '../../db/schema';

/** The statement that records a destructive action; batch it with the action itself. */
export function auditStatement(db: Db, userId: string, action: string, subjectType: string, subjectId: string | null, data: unknown) {
  return db.insert(auditLog).values({
    id: newId(),
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
