import { runStatements } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { deleteContactStatements } from './contact-delete-queries';
import { contactRow } from './contact-row-queries';
import { schedulePurge } from './purge-interactions';

/**
 * Permanently deletes one contact and its related data, auditing what was removed (and `how`:
 * a phone's delete names its device).
 */
export async function deleteContact(deps: Deps, userId: string, id: string, how?: Record<string, string>): Promise<void> {
  const { db } = deps;
  const row = await contactRow(db, userId, id);
  if (!row) throw notFound('Contact');
  await runStatements(db, [
    auditStatement(db, userId, 'contact.delete', 'contact', id, { ...row, ...how }),
    ...deleteContactStatements(userId, [id]),
  ]);
  await schedulePurge(deps, userId);
}
