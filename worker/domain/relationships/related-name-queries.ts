import type { UserStore } from '../../db/stores';
import type { RelationshipKind } from './relationship-kinds';

// The reads behind a card's related names (vcard-related.ts), each for many contacts at once:
// ids and names travel as one JSON parameter, on relationships_contact and contacts_user_name.

export interface LinkOfContactRow {
  contact_id: string;
  id: string;
  other_id: string;
  other_type: 'contact' | 'person';
  kind: RelationshipKind;
  label: string;
  other_name: string | null;
}

/**
 * Every link of these contacts, from their own side, with the other's name, oldest first (a query
 * to batch). `among` selects the contacts' ids from ?2 (default: ?2 is the JSON list of them).
 */
export function linksOfContactsStatement(
  store: UserStore,
  param: string[],
  among = 'SELECT value FROM json_each(?2)',
): D1PreparedStatement {
  return store.d1
    .prepare(
      `SELECT r.contact_id, r.id, r.other_id, r.other_type, r.kind, r.label,
              CASE r.other_type WHEN 'contact' THEN c.full_name ELSE p.name END AS other_name
         FROM relationships r
         LEFT JOIN contacts c ON r.other_type = 'contact' AND c.id = r.other_id AND c.user_id = r.user_id
         LEFT JOIN people p ON r.other_type = 'person' AND p.id = r.other_id AND p.user_id = r.user_id
        WHERE r.user_id = ?1 AND r.contact_id IN (${among})
        ORDER BY r.contact_id, r.created_at, r.id`,
    )
    .bind(store.userId, JSON.stringify(param));
}

/** Every link of these contacts, from their own side, with the other's name, oldest first. */
export async function linksOfContacts(store: UserStore, contactIds: string[]): Promise<LinkOfContactRow[]> {
  if (contactIds.length === 0) return [];
  const { results } = await linksOfContactsStatement(store, contactIds).all<LinkOfContactRow>();
  return results;
}

/** For each folded name, the contact of that name when exactly one has it. */
export async function onlyContactsNamed(store: UserStore, foldedNames: string[]): Promise<Map<string, string>> {
  if (foldedNames.length === 0) return new Map();
  const { results } = await store.d1
    .prepare(
      `SELECT name_sort, min(id) AS id FROM contacts
        WHERE user_id = ?1 AND name_sort IN (SELECT value FROM json_each(?2))
        GROUP BY name_sort HAVING count(*) = 1`,
    )
    .bind(store.userId, JSON.stringify([...new Set(foldedNames)]))
    .all<{ name_sort: string; id: string }>();
  return new Map(results.map((r) => [r.name_sort, r.id]));
}

export interface NewLinkRow {
  id: string;
  contact_id: string;
  other_id: string;
  other_type: 'contact' | 'person';
  kind: RelationshipKind;
  label: string;
}

/**
 * Inserts the people, then the link rows; a row that would repeat a link its contact already
 * has is left out (the unique index), and so is its person.
 */
export function insertLinkStatements(
  store: UserStore,
  people: { id: string; name: string }[],
  rows: NewLinkRow[],
  now: string,
): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  if (people.length)
    out.push(
      store.d1
        .prepare(
          `INSERT INTO people (id, user_id, name, note, created_at, updated_at)
           SELECT json_extract(j.value, '$.id'), ?1, json_extract(j.value, '$.name'), NULL, ?3, ?3 FROM json_each(?2) j`,
        )
        .bind(store.userId, JSON.stringify(people), now),
    );
  if (rows.length)
    out.push(
      store.d1
        .prepare(
          `INSERT OR IGNORE INTO relationships (user_id, id, contact_id, other_id, other_type, kind, label, note, since, created_at, updated_at)
           SELECT ?1, json_extract(j.value, '$.id'), json_extract(j.value, '$.contact_id'), json_extract(j.value, '$.other_id'),
                  json_extract(j.value, '$.other_type'), json_extract(j.value, '$.kind'), json_extract(j.value, '$.label'), NULL, NULL, ?3, ?3
             FROM json_each(?2) j`,
        )
        .bind(store.userId, JSON.stringify(rows), now),
    );
  if (people.length)
    // A person whose only link was left out (the contact already had it) goes again.
    out.push(
      store.d1
        .prepare(
          `DELETE FROM people WHERE user_id = ?1 AND id IN (SELECT json_extract(j.value, '$.id') FROM json_each(?2) j)
             AND NOT EXISTS (SELECT 1 FROM relationships r WHERE r.user_id = ?1 AND r.other_id = people.id)`,
        )
        .bind(store.userId, JSON.stringify(people)),
    );
  return out;
}
