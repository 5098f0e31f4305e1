import { sha256Hex } from '../../db/columns';
import type { ContactView } from '../contacts/contact-view';
import { datesOfContacts } from '../dates/important-dates';
import type { Deps } from '../deps';
import { contactToVcard, type VcardOptions } from '../export/vcard';
import { vcardExtrasOf, type VcardExtras } from '../export/vcard-extras';
import { standInsOf } from './phone-lines';
import { relatedNamesOfContacts } from '../relationships/contact-related-names';
import { cardSideStatements, type DavResourceRow, type KeptLineRow } from './dav-card-queries';

// A contact as the phone's address book sees it (ADR 028): a name in the collection, a strong
// ETag, and the card itself in vCard 3.0 (the default) or 4.0.

export type CardVersion = '3.0' | '4.0';

export interface DavCard {
  contactId: string;
  /** The card's name in the address book: the one a phone chose, else `<contact id>.vcf`. */
  name: string;
  /** A strong ETag, quoted. */
  etag: string;
  /** The card, when it was asked for. */
  body?: string;
}

export const defaultCardName = (contactId: string) => `${contactId}.vcf`;

interface CardSide {
  resources: Map<string, DavResourceRow>;
  kept: Map<string, string[]>;
}

async function cardSides(deps: Deps, contactIds: string[]): Promise<CardSide> {
  const [resources, kept] = await deps.store.d1.batch(cardSideStatements(deps.store, contactIds));
  const side: CardSide = { resources: new Map(), kept: new Map() };
  for (const row of (resources?.results ?? []) as unknown as DavResourceRow[]) side.resources.set(row.contact_id, row);
  for (const row of (kept?.results ?? []) as unknown as KeptLineRow[])
    side.kept.set(row.contact_id, [...(side.kept.get(row.contact_id) ?? []), row.line]);
  return side;
}

/** The names of gone contacts (for sync-collection's 404s): the one a phone chose, else the default. */
export async function goneCardNames(deps: Deps, contactIds: string[]): Promise<Map<string, string>> {
  const { resources } = await cardSides(deps, contactIds);
  return new Map(contactIds.map((id) => [id, resources.get(id)?.href ?? defaultCardName(id)]));
}

/**
 * The cards of `views`. The ETag is a hash of what decides the served card, the same whichever
 * version is served: the 4.0 card with a stored photo named by its content hash (so listing
 * ETags never reads a photo), and a phone's kept lines. A client asking for 3.0 and one asking
 * for 4.0 compare the same ETags, and a PROPFIND's ETag matches a multiget's.
 */
export async function davCardsOf(
  deps: Deps,
  views: ContactView[],
  options: { body: false } | { body: true; version: CardVersion },
): Promise<DavCard[]> {
  if (views.length === 0) return [];
  const ids = views.map((v) => v.id);
  const side = await cardSides(deps, ids);
  let extras: Map<string, VcardExtras>;
  if (options.body) extras = await vcardExtrasOf(deps, deps.store.userId, views);
  else {
    extras = new Map(ids.map((id) => [id, { dates: [] }]));
    for (const [contactId, dates] of await datesOfContacts(deps.db, deps.store.userId, ids))
      extras.get(contactId)!.dates.push(...dates.map(({ kind, label, month, day, year }) => ({ kind, label, month, day, year })));
    for (const [contactId, related] of await relatedNamesOfContacts(deps.store, ids)) extras.get(contactId)!.related = related;
  }
  return Promise.all(
    views.map(async (view) => {
      const resource = side.resources.get(view.id);
      const mine = extras.get(view.id) ?? { dates: [] };
      const birthday = mine.dates.find((d) => d.kind === 'birthday');
      const { standIns, kept } = standInsOf(view, birthday, side.kept.get(view.id) ?? [], mine.related);
      const cardOptions: VcardOptions = { uid: resource?.uid, keptLines: kept, standIns, noRev: true, kithId: true };
      const canonical = contactToVcard(view, { dates: mine.dates, related: mine.related }, { ...cardOptions, version: '4.0' });
      const etag = `"${(await sha256Hex(`${canonical}\n${view.avatar_url ?? ''}`)).slice(0, 40)}"`;
      const card: DavCard = { contactId: view.id, name: resource?.href ?? defaultCardName(view.id), etag };
      if (options.body) card.body = contactToVcard(view, mine, { ...cardOptions, version: options.version });
      return card;
    }),
  );
}
