import { sha256Hex } from '../../db/columns';
import type { Deps } from '../deps';
import { organizationToVcard } from './company-card';
import type { CardOptions, DavCard } from './dav-cards';
import { organizationCardPage, organizationCardRows, type OrganizationCardRows } from './organization-card-queries';

// Kith's organizations as company cards in the phone's address book (ADR 054): a name, a strong
// ETag and the card, like a contact's (dav-cards.ts), read many at a time in one round trip.

export const defaultOrganizationCardName = (id: string) => `${id}.vcf`;

/** Kith's own UID for an organization's card (a phone's card keeps the UID it gave). */
const kithUid = (id: string) => `urn:uuid:${id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`;

/** The cards of the organizations `order` (those among `rows`, in that order) from what their statements read. */
export async function organizationCardsFromRows(rows: OrganizationCardRows, order: string[], options: CardOptions): Promise<DavCard[]> {
  const resources = new Map(rows.resources.map((r) => [r.contact_id, r]));
  const kept = new Map<string, string[]>();
  for (const row of rows.lines) kept.set(row.organization_id, [...(kept.get(row.organization_id) ?? []), row.line]);
  const byId = new Map(rows.organizations.map((o) => [o.id, o]));
  const cards: DavCard[] = [];
  for (const id of order) {
    const org = byId.get(id);
    if (!org) continue;
    const resource = resources.get(id);
    const cardOptions = { uid: resource?.uid ?? kithUid(id), kept: kept.get(id) ?? [] };
    // The ETag is the 4.0 card's hash, whichever version is served (as a contact's, ADR 028).
    const canonical = organizationToVcard(org, { ...cardOptions, version: '4.0' });
    const card: DavCard = {
      contactId: id,
      kind: 'organization',
      name: resource?.href ?? defaultOrganizationCardName(id),
      etag: `"${(await sha256Hex(canonical)).slice(0, 40)}"`,
    };
    if (options.body)
      card.body = options.version === '4.0' ? canonical : organizationToVcard(org, { ...cardOptions, version: options.version });
    cards.push(card);
  }
  return cards;
}

export interface OrganizationCards {
  cards: DavCard[];
  /** The names of the gone organizations asked about (sync-collection's 404s). */
  goneNames: string[];
}

/** The cards of the organizations `ids` that are cards (in that order), and the names of `goneIds`, in one round trip. */
export async function organizationCardsOfIds(
  deps: Deps,
  ids: string[],
  options: CardOptions,
  goneIds: string[] = [],
): Promise<OrganizationCards> {
  if (ids.length === 0 && goneIds.length === 0) return { cards: [], goneNames: [] };
  const rows = await organizationCardRows(deps.store, [...ids, ...goneIds]);
  const hrefs = new Map(rows.resources.map((r) => [r.contact_id, r.href]));
  return {
    cards: await organizationCardsFromRows(rows, ids, options),
    goneNames: goneIds.map((id) => hrefs.get(id) ?? defaultOrganizationCardName(id)),
  };
}

const PAGE = 200;

/** Every organization that is a card, a page at a time (a PROPFIND's listing, an addressbook-query's scan). */
export async function* organizationCardPages(deps: Deps, options: CardOptions): AsyncGenerator<DavCard[]> {
  let after = '';
  for (;;) {
    const page = await organizationCardPage(deps.store, after, PAGE);
    if (page.length === 0) return;
    yield (
      await organizationCardsOfIds(
        deps,
        page.map((o) => o.id),
        options,
      )
    ).cards;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.name_norm;
  }
}
