import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import { assertSeesEveryContact } from '../auth/contact-limit';
import { AppError, notFound } from '../errors';
import { moveMembers } from './organization-member-queries';
import { deleteOrganizationStatement, fillOrganizationGaps, findOrganization, peopleChangedStatement } from './organization-queries';
import { getOrganization, type OrganizationView } from './organizations';

/**
 * Merges a duplicate organization into `id`: its contacts move over, the survivor gains
 * the website, industry, location, logo, phone, email and notes it lacks, and the duplicate is deleted (audited).
 * A token limited to some contacts is refused: the move changes people kept from it too.
 */
export async function mergeOrganizations(db: Db, userId: string, id: string, otherId: string): Promise<OrganizationView> {
  assertSeesEveryContact(db, 'merge organizations: it moves everyone who works there, people kept from this token too');
  if (id === otherId) throw new AppError('not_processable', 'An organization cannot be merged into itself');
  const [survivor, other] = await Promise.all([findOrganization(db, userId, id), findOrganization(db, userId, otherId)]);
  if (!survivor || !other) throw notFound('Organization');
  await runStatements(db, [
    auditStatement(db, userId, 'organization.merge', 'organization', id, { survivor_id: id, merged: other }),
    moveMembers(db, userId, otherId, id, nowIso()),
    fillOrganizationGaps(db, userId, survivor, other, nowIso()),
    // A website gained from the other is a new search word of everyone there.
    ...(!survivor.website && other.website ? [peopleChangedStatement(userId, id)] : []),
    deleteOrganizationStatement(db, userId, otherId),
  ]);
  return getOrganization(db, userId, id);
}
