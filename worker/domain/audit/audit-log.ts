import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { auditLog } from '../../db/schema';
import { summarizeAudit } from './audit-summary';

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

export interface AuditEntry {
  id: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  /** One line in the user's words ("Deleted 3 contacts: Ada Lovelace, ..."). */
  summary: string;
  data: unknown;
  created_at: string;
}

/** The user's audit records, newest first, a page at a time. */
export async function listAuditLog(db: Db, userId: string, page = 1, pageSize = 50): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, userId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(eq(auditLog.userId, userId)),
  ]);
  const items = rows.map((r) => {
    const data = JSON.parse(r.data) as unknown;
    return {
      id: r.id,
      action: r.action,
      subject_type: r.subjectType,
      subject_id: r.subjectId,
      summary: summarizeAudit(r.action, data),
      data,
      created_at: r.createdAt,
    };
  });
  return { items, total: totals[0]?.n ?? 0 };
}
