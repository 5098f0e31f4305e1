import { sha256Hex } from '../../db/columns';
import { rowsOf } from '../../db/raw-rows';
import { contactIdentifiers, contacts, contactTags } from '../../db/schema';
import { contactViewsOf, type ContactRecords } from '../contacts/contact-view';
import type { ContactView } from '../contacts/contact-view';
import type { Deps } from '../deps';
import { contactToVcard, type VcardOptions } from '../export/vcard';
import { storedPhotosOf, type VcardExtras } from '../export/vcard-extras';
import { relatedNamesOfLinks } from '../relationships/contact-related-names';
import type { LinkOfContactRow } from '../relationships/related-name-queries';
import { standInsOf } from './phone-lines';
import {
  cardReadStatements,
  contactRecordStatements,
  keepEtagsStatement,
  listedCardsAfter,
  type CardDateRow,
  type DavResourceRow,
  type KeptLineRow,
  type LoggedCardRow,
} from './dav-card-queries';

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
  logged: Map<string, LoggedCardRow>;
}

type SideRows = [DavResourceRow[], KeptLineRow[], CardDateRow[], LinkOfContactRow[], LoggedCardRow[]];

function sideOf(ids: string[], [resources, kept, dates, links, logged]: SideRows): CardSide {
  const side: CardSide = {
    resources: new Map(),
    kept: new Map(),
    extras: new Map(ids.map((id) => [id, { dates: [] }])),
    logged: new Map(logged.map((row) => [row.contact_id, row])),
  };
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

/** The card side of `ids` (for views already loaded): one batch. */
async function readCards(deps: Deps, ids: string[]): Promise<{ side: CardSide }> {
  const sideRows = await deps.store.d1.batch(cardReadStatements(deps.store, ids));
  return { side: sideOf(ids, sideRows.map((r) => r.results) as SideRows) };
}

/**
 * The cards of `views`. The ETag is the one the change log keeps for the card (ADR 059) when it
 * has one of this format, else the card is rendered for it; and when the views and their side
 * came from one batch (`keep`), the ETags rendered are kept in the log for the next read.
 */
async function render(deps: Deps, views: ContactView[], side: CardSide, options: CardOptions, keep = false): Promise<DavCard[]> {
  if (options.body) await storedPhotosOf(deps, deps.store.userId, views, side.extras);
  const toKeep: { seq: number; etag: string }[] = [];
  const cards = await Promise.all(
    views.map(async (view) => {
      const resource = side.resources.get(view.id);
      const mine = side.extras.get(view.id) ?? { dates: [] };
      const birthday = mine.dates.find((d) => d.kind === 'birthday');
      const { standIns, kept } = standInsOf(view, birthday, side.kept.get(view.id) ?? [], mine.related);
      const cardOptions: VcardOptions = { uid: resource?.uid, keptLines: kept, standIns, noRev: true, kithId: true };
      const logged = side.logged.get(view.id);
      let etag = etagOfLog(logged?.etag);
      if (!etag) {
        etag = await cardEtag(contactToVcard(view, { dates: mine.dates, related: mine.related }, { ...cardOptions, version: '4.0' }), view);
        if (keep && logged) toKeep.push({ seq: logged.seq, etag: etagForLog(etag) });
      }
      const card: DavCard = { contactId: view.id, name: resource?.href ?? defaultCardName(view.id), etag };
      if (options.body) card.body = contactToVcard(view, mine, { ...cardOptions, version: options.version });
      return card;
    }),
  );
  if (toKeep.length) await keepEtagsStatement(deps.store, toKeep).run();
  return cards;
}

/** The ETag of a contact's card: a hash of the 4.0 card (a stored photo named by its content hash in avatar_url). */
async function cardEtag(canonical: string, view: ContactView): Promise<string> {
  return `"${(await sha256Hex(`${canonical}\n${view.avatar_url ?? ''}`)).slice(0, 40)}"`;
}

/**
 * How an ETag is kept in the log: behind the version of the card writer that made it. A change
 * to what a card says for the same data (vcard.ts, phone-lines.ts) must raise CARD_FORMAT, so
 * every kept ETag is rendered again once.
 */
export const CARD_FORMAT = 1;
const etagForLog = (etag: string) => `${CARD_FORMAT} ${etag}`;
/** The ETag a change-log row keeps, when it was made by this card writer. */
export const etagOfLog = (kept: string | null | undefined) =>
  kept?.startsWith(`${CARD_FORMAT} "`) ? kept.slice(String(CARD_FORMAT).length + 1) : null;

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

/** How many statements contactRecordStatements sends (the card side's follow). */
export const RECORD_STATEMENTS = 4;

/**
 * The contact cards of what contactRecordStatements and cardReadStatements read (in that order,
 * one batch), in the order of `order` when given (the ids without a contact are left out).
 */
export async function davCardsOfRows(
  deps: Deps,
  [rows, idents, tags, companies, ...sideRows]: D1Result[],
  options: CardOptions,
  order?: string[],
): Promise<DavCard[]> {
  const records: ContactRecords = {
    rows: rowsOf(contacts, rows!.results as Record<string, unknown>[]),
    idents: rowsOf(contactIdentifiers, idents!.results as Record<string, unknown>[]),
    tags: rowsOf(contactTags, tags!.results as Record<string, unknown>[]),
    companies: new Map((companies!.results as { id: string; name: string }[]).map((o) => [o.id, o.name])),
  };
  const ids = order ?? records.rows.map((r) => r.id);
  const side = sideOf(ids, sideRows.map((r) => r.results) as SideRows);
  return render(deps, contactViewsOf(records, ids), side, options, true);
}

/** The same for the contacts `ids` (those that exist), their records and card sides read in one batch. */
export async function davCardsOfIds(deps: Deps, ids: string[], options: CardOptions, goneIds: string[] = []): Promise<DavCards> {
  if (ids.length === 0 && goneIds.length === 0) return { cards: [], goneNames: [] };
  const all = [...ids, ...goneIds];
  const results = await deps.store.d1.batch([...contactRecordStatements(deps.store, all), ...cardReadStatements(deps.store, all)]);
  const side = sideOf(all, results.slice(RECORD_STATEMENTS).map((r) => r.results) as SideRows);
  return { cards: await davCardsOfRows(deps, results, options, ids), goneNames: goneNamesOf(side, goneIds) };
}

const LIST_PAGE = 500;

/**
 * Every contact's card with its ETag and no body, a page at a time (a PROPFIND Depth 1): one
 * read of the contacts with the ETags their change-log rows keep (ADR 059), and one batch more
 * only for the cards whose ETag is not kept yet, which are rendered and kept.
 */
export async function* listedCardPages(deps: Deps): AsyncGenerator<DavCard[]> {
  let after = '';
  for (;;) {
    const page = await listedCardsAfter(deps.store, after, LIST_PAGE);
    if (page.length === 0) return;
    const unknown = page.filter((row) => !etagOfLog(row.etag)).map((row) => row.id);
    const rendered = new Map((await davCardsOfIds(deps, unknown, { body: false })).cards.map((card) => [card.contactId, card]));
    yield page.flatMap((row): DavCard[] => {
      const etag = etagOfLog(row.etag);
      if (etag) return [{ contactId: row.id, kind: 'contact', name: row.href ?? defaultCardName(row.id), etag }];
      const card = rendered.get(row.id);
      return card ? [card] : [];
    });
    if (page.length < LIST_PAGE) return;
    after = page[page.length - 1]!.id;
  }
}
