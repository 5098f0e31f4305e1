import { desc, eq } from 'drizzle-orm';
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

export async function listAuditLog(db: Db, userId: string, limit = 100) {
  const rows = await db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, action: r.action, subject_type: r.subjectType, subject_id: r.subjectId, data: JSON.parse(r.data) as unknown, created_at: r.createdAt }));
}
