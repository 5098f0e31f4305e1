import type { UserStore } from '../../db/stores';
import { linksOfContactsStatement } from '../relationships/related-name-queries';
import { ORGANIZATION_IS_CARD } from './organization-card-queries';

// The reads and writes of dav_resources and dav_kept_properties (migration 0044), each for many
// contacts at once: the ids travel as one JSON parameter (json_each), never a query per card.

export interface DavResourceRow {
  contact_id: string;
  href: string;
  uid: string;
}

export interface KeptLineRow {
  contact_id: string;
  line: string;
}

const ids = (list: string[]) => JSON.stringify(list);

/**
 * What is behind each card name of the JSON list ?2 (user ?1): the one a phone chose
 * (dav_resources, of either kind), else `<id>.vcf` of a contact, or of an organization that is a
 * card, with no phone-chosen name.
 */
const NAMES_TO_CARDS = `SELECT n.value AS name, coalesce(r.contact_id, c.id, o.id) AS id,
              coalesce(r.kind, CASE WHEN c.id IS NOT NULL THEN 'contact' ELSE 'organization' END) AS kind
         FROM json_each(?2) n
         LEFT JOIN dav_resources r ON r.user_id = ?1 AND r.href = n.value
         LEFT JOIN contacts c ON r.contact_id IS NULL AND n.value LIKE '%.vcf' AND c.id = substr(n.value, 1, length(n.value) - 4)
           AND c.user_id = ?1 AND NOT EXISTS (SELECT 1 FROM dav_resources x WHERE x.user_id = ?1 AND x.contact_id = c.id)
         LEFT JOIN organizations o ON r.contact_id IS NULL AND c.id IS NULL AND n.value LIKE '%.vcf'
           AND o.id = substr(n.value, 1, length(n.value) - 4) AND o.user_id = ?1 AND ${ORGANIZATION_IS_CARD}
        WHERE coalesce(r.contact_id, c.id, o.id) IS NOT NULL`;

export interface CardDateRow {
  contact_id: string;
  kind: 'birthday' | 'anniversary' | 'custom';
  label: string | null;
  month: number;
  day: number;
  year: number | null;
}

/**
 * Which cards a read is about, as SQL selecting their ids: ?2 is the JSON list of the ids, or of
 * card names (a multiget's, a GET's), resolved in the statement itself so the names and
 * everything the cards are made of take one round trip.
 */
export type CardsAmong = 'ids' | 'names';

export function amongSql(among: CardsAmong, kind: 'contact' | 'organization'): string {
  return among === 'ids' ? 'SELECT value FROM json_each(?2)' : `SELECT id FROM (${NAMES_TO_CARDS}) WHERE kind = '${kind}'`;
}

/**
 * What a card needs beyond the contact's view, for many contacts, to batch in one round trip:
 * the hrefs and UIDs phones gave them (live or gone), the lines kept from their cards, their
 * dates, their links (the related names) and their change-log rows (the ETags kept there).
 */
export function cardReadStatements(store: UserStore, list: string[], among: CardsAmong = 'ids'): D1PreparedStatement[] {
  const param = ids(list);
  const of = amongSql(among, 'contact');
  return [
    store.d1
      .prepare(`SELECT contact_id, href, uid FROM dav_resources WHERE user_id = ?1 AND contact_id IN (${of})`)
      .bind(store.userId, param),
    store.d1
      .prepare(
        `SELECT contact_id, line FROM dav_kept_properties
          WHERE contact_id IN (${of}) AND +user_id = ?1 ORDER BY contact_id, position, id`,
      )
      .bind(store.userId, param),
    store.d1
      .prepare(
        `SELECT contact_id, kind, label, month, day, year FROM contact_dates
          WHERE contact_id IN (${of}) AND +user_id = ?1 ORDER BY month, day, id`,
      )
      .bind(store.userId, param),
    linksOfContactsStatement(store, list, of),
    store.d1
      .prepare(`SELECT contact_id, seq, etag FROM contact_changes WHERE user_id = ?1 AND contact_id IN (${of})`)
      .bind(store.userId, param),
  ];
}

/** A card's row in the change log: its seq, and the ETag a read wrote there (ADR 059), if any. */
export interface LoggedCardRow {
  contact_id: string;
  seq: number;
  etag: string | null;
}

/**
 * Keeps the ETags of cards rendered from one batch's reads in their change-log rows. By seq: a
 * row the log has replaced since (the card changed) is not touched. One primary-key probe per
 * ETag (UPDATE … FROM): a correlated lookup in the JSON per row was quadratic (141 000 rows read
 * for a page of 500).
 */
export function keepEtagsStatement(store: UserStore, etags: { seq: number; etag: string }[]): D1PreparedStatement {
  return store.d1
    .prepare(
      `UPDATE contact_changes SET etag = j.value ->> 1 FROM json_each(?2) j
        WHERE contact_changes.seq = j.value ->> 0 AND +contact_changes.user_id = ?1`,
    )
    .bind(store.userId, JSON.stringify(etags.map((e) => [e.seq, e.etag])));
}

/**
 * The contacts' own records (rows, identifiers, tags, company names) as raw statements, so they
 * share the card side's batch: `SELECT *`, read back through the schema (raw-rows.ts).
 */
export function contactRecordStatements(store: UserStore, list: string[], among: CardsAmong = 'ids'): D1PreparedStatement[] {
  const param = ids(list);
  const of = amongSql(among, 'contact');
  const read = (query: string) => store.d1.prepare(query).bind(store.userId, param);
  return [
    read(`SELECT * FROM contacts WHERE id IN (${of}) AND +user_id = ?1`),
    read(`SELECT * FROM contact_identifiers WHERE contact_id IN (${of}) AND +user_id = ?1`),
    read(`SELECT * FROM contact_tags WHERE contact_id IN (${of}) AND +user_id = ?1`),
    read(
      `SELECT o.id, o.name FROM organizations o
        WHERE o.id IN (SELECT company_id FROM contacts WHERE id IN (${of}) AND +user_id = ?1) AND +o.user_id = ?1`,
    ),
  ];
}

/** What a card name stands for: a contact, or an organization shown as a company card (ADR 054). */
export interface CardRef {
  id: string;
  kind: 'contact' | 'organization';
}

/**
 * What is behind each card name: the one a phone chose (dav_resources, of either kind), else
 * `<id>.vcf` of a contact, or of an organization that is a card, with no phone-chosen name.
 */
export async function cardsOfNames(store: UserStore, names: string[]): Promise<Map<string, CardRef>> {
  if (names.length === 0) return new Map();
  const { results } = await store.d1.prepare(NAMES_TO_CARDS).bind(store.userId, ids(names)).all<{ name: string } & CardRef>();
  return new Map(results.map((r) => [r.name, { id: r.id, kind: r.kind }]));
}

/** The live contacts among `contactIds` (a phone-chosen name may outlive its contact). */
export async function liveContacts(store: UserStore, contactIds: string[]): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const { results } = await store.d1
    .prepare('SELECT id FROM contacts WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))')
    .bind(store.userId, ids(contactIds))
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

/** Where the address book stands: the newest seq of the user's change log, or the swept horizon when newer. */
export async function addressBookSeq(store: UserStore): Promise<number> {
  const row = await store.d1
    .prepare(
      `SELECT max(coalesce((SELECT max(seq) FROM contact_changes WHERE user_id = ?1), 0),
                  coalesce((SELECT seq FROM contact_change_horizons WHERE user_id = ?1), 0)) AS seq`,
    )
    .bind(store.userId)
    .first<{ seq: number }>();
  return row?.seq ?? 0;
}

/** A contact's card as a listing sees it: its id, the ETag its change-log row keeps, and the name a phone gave it. */
export interface ListedCardRow {
  id: string;
  etag: string | null;
  href: string | null;
}

/** The user's next `limit` contacts after the id `after` (keyset, id order), each with its kept ETag and name (ADR 059). */
export async function listedCardsAfter(store: UserStore, after: string, limit: number): Promise<ListedCardRow[]> {
  const { results } = await store.d1
    .prepare(
      `SELECT c.id, l.etag, r.href FROM contacts c
         LEFT JOIN contact_changes l ON l.user_id = c.user_id AND l.contact_id = c.id
         LEFT JOIN dav_resources r ON r.user_id = c.user_id AND r.contact_id = c.id
        WHERE c.user_id = ?1 AND c.id > ?2 ORDER BY c.id LIMIT ?3`,
    )
    .bind(store.userId, after, limit)
    .all<ListedCardRow>();
  return results;
}
