import { readChangeRows } from '../changes/change-feed';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { davCardsOfIds, type CardVersion, type DavCard } from './dav-cards';
import { organizationCardsOfIds } from './organization-cards';

// sync-collection (RFC 6578) on the change log (ADR 021, ADR 028): a sync token is the log's seq,
// written as a URI; the changes after it are the log's rows after it, each contact once.

/** Cards per answer when the client sets no limit, and the most it may ask for. */
export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 1_000;

const TOKEN_PREFIX = 'https://kith.app/ns/sync/';

export const syncTokenOf = (seq: number) => `${TOKEN_PREFIX}${seq}`;

/** The seq of a sync token; '' is the initial sync; anything else not ours is refused like an expired one. */
export function seqOfToken(token: string): number {
  const trimmed = token.trim();
  if (trimmed === '') return 0;
  const seq = trimmed.startsWith(TOKEN_PREFIX) ? trimmed.slice(TOKEN_PREFIX.length) : '';
  if (!/^\d{1,15}$/.test(seq)) throw new AppError('cursor_expired', 'This sync token was not given by this address book');
  return Number(seq);
}

export interface SyncAnswer {
  /** Cards added or changed since the token. */
  changed: DavCard[];
  /** Names of cards whose contact was deleted or merged away since the token. */
  gone: string[];
  /** The token to send next time: every change up to it has been given. */
  token: string;
  /** More changes wait (the answer was cut at the limit): send `token` again at once. */
  truncated: boolean;
}

/**
 * What changed in the address book since `token`: the changed cards (with their bodies when
 * `version` is given, else only ETags) and the gone ones. An expired token (below the swept
 * tombstones' horizon) or a foreign one throws cursor_expired: the client syncs from the start.
 */
export async function syncAddressBook(deps: Deps, token: string, limit: number, version: CardVersion | null): Promise<SyncAnswer> {
  const since = seqOfToken(token);
  // The log's rows, then every card of the page (records and card sides) in one more round trip.
  const page = await readChangeRows(deps.store, since, Math.min(Math.max(limit, 1), SYNC_PAGE_MAX), 'contacts-and-organizations');
  const of = (kind: string, change: string) => page.rows.filter((c) => c.kind === kind && c.change === change).map((c) => c.contact_id);
  // An initial sync has nothing to forget: tombstones are news only to a client that had the card.
  const gone = (kind: string) => (since === 0 ? [] : of(kind, 'deleted'));
  const options = version ? ({ body: true, version } as const) : ({ body: false } as const);
  // Contacts and company cards (ADR 054) side by side: one round trip's wait.
  const [people, companies] = await Promise.all([
    davCardsOfIds(deps, of('contact', 'upserted'), options, gone('contact')),
    organizationCardsOfIds(deps, of('organization', 'upserted'), options, gone('organization')),
  ]);
  const cards = [...people.cards, ...companies.cards];
  const goneNames = [...people.goneNames, ...companies.goneNames];
  return { changed: cards, gone: goneNames, token: syncTokenOf(Number(page.cursor)), truncated: page.has_more };
}
