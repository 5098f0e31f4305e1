import type { UserStore } from '../../db/stores';
import { searchOrganizations } from '../organizations/organizations';
import type { IntroPerson } from './intro-path-view';

// "people at Stripe" (#45): a contact search shaped as a question about a company answers with
// who can introduce you there, beside the people the words find.

const PEOPLE_AT = /^\s*(?:people|someone|anyone|who|contacts?)\s+(?:at|from)\s+(.+?)\s*\??\s*$/i;

/** The company a search asks about ("people at Stripe" → "Stripe"), or null for any other search. */
export function companyAskedFor(q: string): string | null {
  return q.match(PEOPLE_AT)?.[1] ?? null;
}

/** The user's organization a "people at …" search names: the one of that name, else the best match; null when none. */
export async function organizationAskedFor(store: UserStore, q: string): Promise<IntroPerson | null> {
  const name = companyAskedFor(q);
  if (!name) return null;
  const { items } = await searchOrganizations(store.db, store.userId, name, 1, 5);
  const exact = items.find((o) => o.name.localeCompare(name, undefined, { sensitivity: 'base' }) === 0);
  const found = exact ?? items[0];
  return found ? { id: found.id, name: found.name } : null;
}
