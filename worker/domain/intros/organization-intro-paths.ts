import type { UserStore } from '../../db/stores';
import { getOrganization } from '../organizations/organizations';
import { peopleAtOrganization } from './intro-path-queries';
import { notLimited, walkTo } from './intro-paths';
import type { IntroPath, IntroPerson } from './intro-path-view';

/** The people at the organization walked from; a large one is walked from its warmest contacts. */
const PEOPLE_WALKED = 100;

/**
 * Who can introduce you to someone at an organization (#45): the contact ranking (ADR 041) walked
 * from the organization's people at once, so each introducer is ranked once, by their best path
 * to any of them. The people at it are the ends of the paths, never introducers themselves.
 */
export async function organizationIntroPaths(
  store: UserStore,
  organizationId: string,
  limit: number,
): Promise<{ organization: IntroPerson; paths: IntroPath[] }> {
  // Before the organization is read: one nobody works at would otherwise be named (ADR 074).
  notLimited(store);
  const organization = await getOrganization(store.db, store.userId, organizationId);
  const people = await peopleAtOrganization(store, organizationId, PEOPLE_WALKED);
  const { paths } = people.length ? await walkTo(store, people, limit) : { paths: [] };
  return { organization: { id: organization.id, name: organization.name }, paths };
}
