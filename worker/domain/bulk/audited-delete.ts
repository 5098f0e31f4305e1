import type { Db } from '../../db/client';
import type { Statement } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import { deleteContactStatements } from '../contacts/contact-delete-queries';

// One audit record per this many contacts keeps each row far below D1's row size limit.
const AUDIT_CHUNK = 1000;

/**
 * Statements that permanently delete contacts with their related data, recording first
 * who was removed (DESIGN "Destructive bulk operations ... write an audit record first").
 */
export function auditedDeleteStatements(
  db: Db,
  userId: string,
  action: string,
  removed: { id: string; full_name: string }[],
  ids: string[],
): Statement[] {
  const audits: Statement[] = [];
  for (let i = 0; i < removed.length; i += AUDIT_CHUNK) {
    const chunk = removed.slice(i, i + AUDIT_CHUNK);
    audits.push(auditStatement(db, userId, action, 'contact', null, { count: chunk.length, total: removed.length, contacts: chunk }));
  }
  return [...audits, ...deleteContactStatements(userId, ids)];
}
