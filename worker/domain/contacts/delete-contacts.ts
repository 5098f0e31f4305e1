import { and, eq } from 'drizzle-orm';
import { runStatements } from '../../db/sql-batch';
import { contacts } from '../../db/schema';
import { auditStatement } from '../audit/audit-queries';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { deleteContactStatements } from './contact-delete-queries';
import { schedulePurge } from './purge-interactions';

/** Permanently deletes one contact and its related data, auditing what was removed. */
export async function deleteContact(deps: Deps, userId: string, id: string): Promise<void> {
  const { db } = deps;
  const row = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
    .get();
  if (!row) throw notFound('Contact');
  await runStatements(db, [auditStatement(db, userId, 'contact.delete', 'contact', id, row), ...deleteContactStatements(userId, [id])]);
  await schedulePurge(deps, userId);
}
