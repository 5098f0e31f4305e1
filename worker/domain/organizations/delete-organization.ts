import { nowIso } from '../../db/columns';
import { prepare } from '../../db/sql-batch';
import type { UserStore } from '../../db/stores';
import { auditStatement } from '../audit/audit-queries';
import { assertSeesEveryContact } from '../auth/contact-limit';
import { notFound } from '../errors';
import { clearCompanyStatement, peopleAt } from './organization-delete-queries';
import { deleteOrganizationStatement, findOrganization } from './organization-queries';

/** Where a delete was asked: Kith's own page or API, or a phone deleting the company card (ADR 054). */
export type OrganizationDeleteWay = { via: 'kith' } | { via: 'carddav'; device: string };

/**
 * Deletes one of the user's organizations, the same way whichever way it was asked: its
 * people keep their contact and everything on it but the company link, the card's kept lines
 * go with it, and one audit record names the organization as it was and its people. Answers
 * how many people lost the link, or null when there is no such organization.
 */
export async function deleteOrganization(store: UserStore, id: string, way: OrganizationDeleteWay): Promise<{ people: number } | null> {
  const organization = await findOrganization(store.db, store.userId, id);
  if (!organization) return null;
  const people = await peopleAt(store, id);
  const [action, how] =
    way.via === 'carddav' ? ['organization.dav_delete', { device: way.device }] : ['organization.delete', { via: 'kith' }];
  await store.d1.batch([
    prepare(store.db, auditStatement(store.db, store.userId, action, 'organization', id, { ...how, organization, people })),
    clearCompanyStatement(store, id, nowIso()),
    prepare(store.db, deleteOrganizationStatement(store.db, store.userId, id)),
  ]);
  return { people: people.length };
}

/**
 * A delete from Kith itself (DELETE /organizations/{id}, the organization page): an organization
 * that is not there is a 404. A token limited to some contacts is refused: the delete changes
 * every person there, those kept from it too, and its answer would count them.
 */
export async function deleteOrganizationInKith(store: UserStore, id: string): Promise<{ people: number }> {
  assertSeesEveryContact(store.db, 'delete an organization: it changes everyone who works there, people kept from this token too');
  const deleted = await deleteOrganization(store, id, { via: 'kith' });
  if (!deleted) throw notFound('Organization');
  return deleted;
}
