import type { Db } from '../../db/client';
import { memberCounts, organizationMembersPage } from './organization-member-queries';
import { getOrganization } from './organizations';

/** The organization's contacts, highest relationship score first, paginated. */
export async function listOrganizationContacts(db: Db, userId: string, organizationId: string, page: number, pageSize: number) {
  await getOrganization(db, userId, organizationId);
  return organizationMembersPage(db, userId, organizationId, pageSize, (page - 1) * pageSize);
}

/** How many contacts each of the given organizations has (one grouped query per 90). */
export async function contactCountsByOrganization(db: Db, userId: string, organizationIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < organizationIds.length; i += 90) {
    const rows = await memberCounts(db, userId, organizationIds.slice(i, i + 90));
    for (const row of rows) if (row.id) counts.set(row.id, row.n);
  }
  return counts;
}
