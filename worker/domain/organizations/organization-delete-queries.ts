import type { UserStore } from '../../db/stores';

// The writes and reads of an organization's delete (delete-organization.ts).

/** The people who worked at the organization lose the company link, and only that, for a batch. */
export function clearCompanyStatement(store: UserStore, organizationId: string, now: string): D1PreparedStatement {
  return store.d1
    .prepare('UPDATE contacts SET company_id = NULL, updated_at = ?3 WHERE company_id = ?2 AND user_id = ?1')
    .bind(store.userId, organizationId, now);
}

/** The people who work at the organization (for the audit of its delete). */
export async function peopleAt(store: UserStore, organizationId: string): Promise<string[]> {
  const { results } = await store.d1
    .prepare('SELECT id FROM contacts WHERE company_id = ?2 AND user_id = ?1 ORDER BY id')
    .bind(store.userId, organizationId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
