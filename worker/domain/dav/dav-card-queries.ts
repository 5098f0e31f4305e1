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

export interface CardDateRow {
  contact_id: string;
  kind: 'birthday' | 'anniversary' | 'custom';
  label: string | null;
  month: number;
  day: number;
  year: number | null;
}

/**
 * What a card needs beyond the contact's view, for many contacts, to batch in one round trip:
 * the hrefs and UIDs phones gave them (live or gone), the lines kept from their cards, their
 * dates and their links (the related names).
 */
export function cardReadStatements(store: UserStore, contactIds: string[]): D1PreparedStatement[] {
  const list = ids(contactIds);
  return [
    store.d1
      .prepare('SELECT contact_id, href, uid FROM dav_resources WHERE user_id = ?1 AND contact_id IN (SELECT value FROM json_each(?2))')
      .bind(store.userId, list),
    store.d1
      .prepare(
        `SELECT contact_id, line FROM dav_kept_properties
          WHERE contact_id IN (SELECT value FROM json_each(?2)) AND +user_id = ?1 ORDER BY contact_id, position, id`,
      )
      .bind(store.userId, list),
    store.d1
      .prepare(
        `SELECT contact_id, kind, label, month, day, year FROM contact_dates
          WHERE contact_id IN (SELECT value FROM json_each(?2)) AND +user_id = ?1 ORDER BY month, day, id`,
      )
      .bind(store.userId, list),
    linksOfContactsStatement(store, contactIds),
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
  const { results } = await store.d1
    .prepare(
      `SELECT n.value AS name, coalesce(r.contact_id, c.id, o.id) AS id,
              coalesce(r.kind, CASE WHEN c.id IS NOT NULL THEN 'contact' ELSE 'organization' END) AS kind
         FROM json_each(?2) n
         LEFT JOIN dav_resources r ON r.user_id = ?1 AND r.href = n.value
         LEFT JOIN contacts c ON r.contact_id IS NULL AND n.value LIKE '%.vcf' AND c.id = substr(n.value, 1, length(n.value) - 4)
           AND c.user_id = ?1 AND NOT EXISTS (SELECT 1 FROM dav_resources x WHERE x.user_id = ?1 AND x.contact_id = c.id)
         LEFT JOIN organizations o ON r.contact_id IS NULL AND c.id IS NULL AND n.value LIKE '%.vcf'
           AND o.id = substr(n.value, 1, length(n.value) - 4) AND o.user_id = ?1 AND ${ORGANIZATION_IS_CARD}
        WHERE coalesce(r.contact_id, c.id, o.id) IS NOT NULL`,
    )
    .bind(store.userId, ids(names))
    .all<{ name: string } & CardRef>();
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
