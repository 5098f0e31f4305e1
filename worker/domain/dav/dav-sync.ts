import type { UserStore } from '../../db/stores';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { davCardsOfIds, defaultCardName, etagOfLog, type CardVersion, type DavCard } from './dav-cards';
import { syncPageStatement, type SyncPageRow } from './dav-sync-queries';
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
  const page = await readSyncPage(deps.store, since, Math.min(Math.max(limit, 1), SYNC_PAGE_MAX));
  const of = (kind: string, change: string) => page.rows.filter((c) => c.kind === kind && c.change === change).map((c) => c.contact_id);
  // An initial sync has nothing to forget: tombstones are news only to a client that had the card.
  // A gone card's name is the one a phone gave it (its dav_resources row outlives it), else `<id>.vcf`.
  const goneNames = since === 0 ? [] : page.rows.filter((c) => c.change === 'deleted').map((c) => c.href ?? defaultCardName(c.contact_id));
  const options = version ? ({ body: true, version } as const) : ({ body: false } as const);
  // Nothing changed: the log's one read was all (no card is read, nothing rendered).
  if (page.rows.length === 0) return { changed: [], gone: [], token: syncTokenOf(page.cursor), truncated: false };
  // Only ETags asked: those the log keeps need nothing more (ADR 059).
  const known = new Map<string, DavCard>();
  if (!version)
    for (const row of page.rows) {
      const etag = row.kind === 'contact' && row.change === 'upserted' ? etagOfLog(row.etag) : null;
      if (etag)
        known.set(row.contact_id, { contactId: row.contact_id, kind: 'contact', name: row.href ?? defaultCardName(row.contact_id), etag });
    }
  const unknown = of('contact', 'upserted').filter((id) => !known.has(id));
  // Contacts and company cards (ADR 054) side by side: one round trip's wait.
  const [people, companies] = await Promise.all([
    davCardsOfIds(deps, unknown, options),
    organizationCardsOfIds(deps, of('organization', 'upserted'), options),
  ]);
  const cards = [...known.values(), ...people.cards, ...companies.cards];
  return { changed: cards, gone: goneNames, token: syncTokenOf(page.cursor), truncated: page.has_more };
}

interface SyncPage {
  rows: { contact_id: string; change: string; kind: string; etag: string | null; href: string | null }[];
  cursor: number;
  has_more: boolean;
}

/** The log's page after `since` in one statement; a token below the swept horizon or above any seq given out has expired. */
async function readSyncPage(store: UserStore, since: number, limit: number): Promise<SyncPage> {
  const { results } = await syncPageStatement(store, since, limit).all<SyncPageRow>();
  const head = results[0];
  if (since > 0 && (!head || since < head.swept || since > head.highest))
    throw new AppError('cursor_expired', 'This sync token is too old or not from this address book: sync again from the start');
  const rows = results.flatMap((r) =>
    r.seq === null ? [] : [{ seq: r.seq, contact_id: r.contact_id!, change: r.change!, kind: r.kind!, etag: r.etag, href: r.href }],
  );
  const hasMore = rows.length > limit;
  const taken = hasMore ? rows.slice(0, limit) : rows;
  return { rows: taken, cursor: taken.at(-1)?.seq ?? since, has_more: hasMore };
}
