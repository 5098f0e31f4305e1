import type { UserStore } from '../../db/stores';
import { linksOfContacts, type LinkOfContactRow } from './related-name-queries';
import type { RelatedName } from './vcard-related';

/** Each contact's links as the related names its card carries, oldest first (one query for the page). */
export async function relatedNamesOfContacts(store: UserStore, contactIds: string[]): Promise<Map<string, RelatedName[]>> {
  return relatedNamesOfLinks(await linksOfContacts(store, contactIds));
}

/** The related names of links read by linksOfContactsQuery, by contact. */
export function relatedNamesOfLinks(links: LinkOfContactRow[]): Map<string, RelatedName[]> {
  const out = new Map<string, RelatedName[]>();
  for (const link of links) {
    if (!link.other_name) continue;
    const list = out.get(link.contact_id) ?? [];
    list.push({ name: link.other_name, kind: link.kind, label: link.kind === 'custom' ? link.label : '' });
    out.set(link.contact_id, list);
  }
  return out;
}
