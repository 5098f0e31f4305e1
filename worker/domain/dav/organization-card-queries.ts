import { newId } from '../../db/columns';
import type { UserStore } from '../../db/stores';
import type { OrganizationView } from '../organizations/organizations';

// The reads and writes of organizations as company cards (migration 0067, ADR 054), each for
// many at once: ids travel as one JSON parameter (json_each), never a query per card.

/**
 * Which organizations are cards in the phone's address book: one with something to reach or say,
 * or one a phone wrote. The triggers of migrations/0067_company_cards.sql hold the same rule.
 */
export const ORGANIZATION_IS_CARD = `(o.phone IS NOT NULL OR o.email IS NOT NULL OR o.website IS NOT NULL OR o.location IS NOT NULL
  OR o.notes IS NOT NULL OR EXISTS (SELECT 1 FROM dav_resources r WHERE r.user_id = o.user_id AND r.contact_id = o.id))`;

const ids = (list: string[]) => JSON.stringify(list);

export interface OrganizationCardRows {
  organizations: OrganizationView[];
  resources: { contact_id: string; href: string; uid: string }[];
  lines: { organization_id: string; line: string }[];
}

/**
 * What the cards of some organizations are made of, in one batch: the organizations (cards only),
 * their hrefs and kept lines. `among` selects their ids from ?2 (default: ?2 is the JSON list of them).
 */
export function organizationCardStatements(
  store: UserStore,
  organizationIds: string[],
  among = 'SELECT value FROM json_each(?2)',
): D1PreparedStatement[] {
  const list = ids(organizationIds);
  return [
    store.d1
      .prepare(
        `SELECT o.id, o.name, o.website, o.industry, o.location, o.logo_url, o.phone, o.email, o.notes FROM organizations o
          WHERE o.id IN (${among}) AND o.user_id = ?1 AND ${ORGANIZATION_IS_CARD}`,
      )
      .bind(store.userId, list),
    store.d1
      .prepare(`SELECT contact_id, href, uid FROM dav_resources WHERE user_id = ?1 AND contact_id IN (${among})`)
      .bind(store.userId, list),
    store.d1
      .prepare(
        `SELECT organization_id, line FROM dav_organization_lines
          WHERE organization_id IN (${among}) AND +user_id = ?1 ORDER BY organization_id, position, id`,
      )
      .bind(store.userId, list),
  ];
}

export async function organizationCardRows(store: UserStore, organizationIds: string[]): Promise<OrganizationCardRows> {
  return organizationCardRowsOf(await store.d1.batch(organizationCardStatements(store, organizationIds)));
}

/** What organizationCardStatements read, in its order. */
export function organizationCardRowsOf([organizations, resources, lines]: D1Result[]): OrganizationCardRows {
  return {
    organizations: organizations!.results as unknown as OrganizationView[],
    resources: resources!.results as unknown as OrganizationCardRows['resources'],
    lines: lines!.results as unknown as OrganizationCardRows['lines'],
  };
}

/** The next `limit` organizations that are cards, by name (the unique (user_id, name_norm) index): a page of the address book. */
export async function organizationCardPage(
  store: UserStore,
  afterNameNorm: string,
  limit: number,
): Promise<{ id: string; name_norm: string }[]> {
  const { results } = await store.d1
    .prepare(
      `SELECT o.id, o.name_norm FROM organizations o WHERE o.user_id = ?1 AND o.name_norm > ?2 AND ${ORGANIZATION_IS_CARD}
        ORDER BY o.name_norm LIMIT ?3`,
    )
    .bind(store.userId, afterNameNorm, limit)
    .all<{ id: string; name_norm: string }>();
  return results;
}

/** The organization's kept lines become these (the triggers log a change only when a row changes). */
export function replaceOrganizationLinesStatements(store: UserStore, organizationId: string, lines: string[]): D1PreparedStatement[] {
  const rows = JSON.stringify(lines.map((line, position) => ({ id: newId(), position, line })));
  return [
    store.d1
      .prepare(
        `DELETE FROM dav_organization_lines WHERE organization_id = ?2 AND +user_id = ?1
           AND NOT EXISTS (SELECT 1 FROM json_each(?3) j WHERE json_extract(j.value, '$.line') = dav_organization_lines.line
             AND json_extract(j.value, '$.position') = dav_organization_lines.position)`,
      )
      .bind(store.userId, organizationId, rows),
    store.d1
      .prepare(
        `INSERT INTO dav_organization_lines (id, user_id, organization_id, position, line)
         SELECT json_extract(j.value, '$.id'), ?1, ?2, json_extract(j.value, '$.position'), json_extract(j.value, '$.line') FROM json_each(?3) j
          WHERE NOT EXISTS (SELECT 1 FROM dav_organization_lines k WHERE k.organization_id = ?2 AND k.user_id = ?1
            AND k.line = json_extract(j.value, '$.line') AND k.position = json_extract(j.value, '$.position'))`,
      )
      .bind(store.userId, organizationId, rows),
  ];
}
