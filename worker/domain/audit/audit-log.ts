import type { Db } from '../../db/client';
import { auditLogPage, countAuditLog } from './audit-queries';
import { summarizeAudit } from './audit-summary';

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
  const [rows, totals] = await Promise.all([auditLogPage(db, userId, page, pageSize), countAuditLog(db, userId)]);
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
