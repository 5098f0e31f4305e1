import { sha256Hex } from '../../db/columns';
import {
  addContactRecords,
  contactRecordQueries,
  contactViewsOf,
  type ContactRecordRows,
  type ContactRecords,
} from '../contacts/contact-view';
import type { ContactView } from '../contacts/contact-view';
import type { Deps } from '../deps';
import { contactToVcard, type VcardOptions } from '../export/vcard';
import { storedPhotosOf, type VcardExtras } from '../export/vcard-extras';
import { relatedNamesOfLinks } from '../relationships/contact-related-names';
import type { LinkOfContactRow } from '../relationships/related-name-queries';
import { standInsOf } from './phone-lines';
import { cardReadStatements, type CardDateRow, type DavResourceRow, type KeptLineRow } from './dav-card-queries';

// A contact as the phone's address book sees it (ADR 028): a name in the collection, a strong
// ETag, and the card itself in vCard 3.0 (the default) or 4.0. A page of cards is read in one
// D1 round trip (ADR 046): the contacts' records and what their cards add, in one batch.

export type CardVersion = '3.0' | '4.0';

export interface DavCard {
  /** The contact's id, or the organization's for a company card (ADR 054). */
  contactId: string;
  kind?: 'contact' | 'organization';
  /** The card's name in the address book: the one a phone chose, else `<contact id>.vcf`. */
  name: string;
  /** A strong ETag, quoted. */
  etag: string;
  /** The card, when it was asked for. */
  body?: string;
}

export type CardOptions = { body: false } | { body: true; version: CardVersion };

export const defaultCardName = (contactId: string) => `${contactId}.vcf`;

/** What the cards of some contacts add to their views: names phones chose, kept lines, dates, related names. */
interface CardSide {
  resources: Map<string, DavResourceRow>;
  kept: Map<string, string[]>;
  extras: Map<string, VcardExtras>;
}

/** D1 allows 100 bound parameters a statement: the records are read 90 ids at a time, all in the one batch. */
const RECORD_CHUNK = 90;

type SideRows = [DavResourceRow[], KeptLineRow[], CardDateRow[], LinkOfContactRow[]];

function sideOf(ids: string[], [resources, kept, dates, links]: SideRows): CardSide {
  const side: CardSide = { resources: new Map(), kept: new Map(), extras: new Map(ids.map((id) => [id, { dates: [] }])) };
  for (const row of resources) side.resources.set(row.contact_id, row);
  for (const row of kept) side.kept.set(row.contact_id, [...(side.kept.get(row.contact_id) ?? []), row.line]);
  for (const { contact_id, kind, label, month, day, year } of dates)
    side.extras.get(contact_id)?.dates.push({ kind, label, month, day, year });
  for (const [contactId, related] of relatedNamesOfLinks(links)) {
    const extras = side.extras.get(contactId);
    if (extras) extras.related = related;
  }
  return side;
}

/** The contacts' records, 90 ids a statement, in one batch. */
async function recordsOf(deps: Deps, ids: string[]): Promise<ContactRecords> {
  const queries = [];
  for (let i = 0; i < ids.length; i += RECORD_CHUNK)
    queries.push(...contactRecordQueries(deps.db, deps.store.userId, ids.slice(i, i + RECORD_CHUNK)));
  const results = (await deps.db.batch(queries as unknown as Parameters<Deps['db']['batch']>[0])) as unknown as unknown[];
  let records: ContactRecords | undefined;
  for (let i = 0; i < results.length; i += 4) records = addContactRecords(results.slice(i, i + 4) as unknown as ContactRecordRows, records);
  return records!;
}

/**
 * The card side of `ids`, and the records of `recordIds`: two batches sent side by side, so one
 * round trip's wait (drizzle's batch cannot carry the side's raw statements).
 */
async function readCards(deps: Deps, ids: string[], recordIds: string[] = []): Promise<{ side: CardSide; records?: ContactRecords }> {
  const [sideRows, records] = await Promise.all([
    deps.store.d1.batch(cardReadStatements(deps.store, ids)),
    recordIds.length ? recordsOf(deps, recordIds) : undefined,
  ]);
  return { side: sideOf(ids, sideRows.map((r) => r.results) as SideRows), records };
}

async function render(deps: Deps, views: ContactView[], side: CardSide, options: CardOptions): Promise<DavCard[]> {
  if (options.body) await storedPhotosOf(deps, deps.store.userId, views, side.extras);
  return Promise.all(
    views.map(async (view) => {
      const resource = side.resources.get(view.id);
      const mine = side.extras.get(view.id) ?? { dates: [] };
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

export interface DavCards {
  cards: DavCard[];
  /** The names of the gone contacts asked about (sync-collection's 404s): the one a phone chose, else the default. */
  goneNames: string[];
}

const goneNamesOf = (side: CardSide, goneIds: string[]) => goneIds.map((id) => side.resources.get(id)?.href ?? defaultCardName(id));

/**
 * The cards of `views`, and the names of the gone contacts `goneIds`, in one round trip. The
 * ETag is a hash of what decides the served card, the same whichever version is served: the
 * 4.0 card with a stored photo named by its content hash (so listing ETags never reads a
 * photo), and a phone's kept lines. A client asking for 3.0 and one asking for 4.0 compare the
 * same ETags, and a PROPFIND's ETag matches a multiget's.
 */
export async function davCardsOf(deps: Deps, views: ContactView[], options: CardOptions, goneIds: string[] = []): Promise<DavCards> {
  if (views.length === 0 && goneIds.length === 0) return { cards: [], goneNames: [] };
  const { side } = await readCards(deps, [...views.map((v) => v.id), ...goneIds]);
  return { cards: await render(deps, views, side, options), goneNames: goneNamesOf(side, goneIds) };
}

/** The same for the contacts `ids` (those that exist, in that order), their records read in the same round trip. */
export async function davCardsOfIds(deps: Deps, ids: string[], options: CardOptions, goneIds: string[] = []): Promise<DavCards> {
  if (ids.length === 0 && goneIds.length === 0) return { cards: [], goneNames: [] };
  const { side, records } = await readCards(deps, [...ids, ...goneIds], ids);
  const views = records ? contactViewsOf(records, ids) : [];
  return { cards: await render(deps, views, side, options), goneNames: goneNamesOf(side, goneIds) };
}
