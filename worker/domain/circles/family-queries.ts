import type { UserStore } from '../../db/stores';
import type { RelationshipKind } from '../relationships/relationship-kinds';

// The reads of the family view and the neighbourhood graph (ADR 048): the links of a set of
// contacts, one indexed range of relationships_contact per contact, bounded; then the people
// found, by primary key, with their birthdays (contact_dates_contact), in one batch.

export interface LinkRow {
  from_id: string;
  to_id: string;
  to_type: 'contact' | 'person';
  kind: RelationshipKind;
  label: string;
}

/** The links of `ids` (of the given kinds, or all), at most `limit` in all. */
export async function linksOf(store: UserStore, ids: string[], kinds: readonly RelationshipKind[] | null, limit: number) {
  if (ids.length === 0) return [];
  const { results } = await store.d1
    .prepare(
      `SELECT contact_id AS from_id, other_id AS to_id, other_type AS to_type, kind, label FROM relationships
        WHERE user_id = ?1 AND contact_id IN (SELECT value FROM json_each(?2))
          AND (?3 IS NULL OR kind IN (SELECT value FROM json_each(?3)))
        ORDER BY contact_id, other_id LIMIT ?4`,
    )
    .bind(store.userId, JSON.stringify(ids), kinds ? JSON.stringify(kinds) : null, limit)
    .all<LinkRow>();
  return results;
}

export interface CirclePersonRow {
  id: string;
  type: 'contact' | 'person';
  name: string;
  note: string | null;
  priority: string | null;
}

export interface BirthdayRow {
  contact_id: string;
  month: number;
  day: number;
  year: number | null;
}

/** The contacts and lightweight people among `ids`, and the contacts' birthdays. */
export async function circlePeople(store: UserStore, contactIds: string[], personIds: string[], withBirthdays: boolean) {
  const [contacts, people, birthdays] = await store.d1.batch([
    store.d1
      .prepare(
        `SELECT id, 'contact' AS type, full_name AS name, NULL AS note, priority FROM contacts
          WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(store.userId, JSON.stringify(contactIds)),
    store.d1
      .prepare(
        `SELECT id, 'person' AS type, name, note, NULL AS priority FROM people
          WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(store.userId, JSON.stringify(personIds)),
    store.d1
      .prepare(
        `SELECT contact_id, month, day, year FROM contact_dates
          WHERE contact_id IN (SELECT value FROM json_each(?2)) AND user_id = ?1 AND kind = 'birthday' AND ?3`,
      )
      .bind(store.userId, JSON.stringify(contactIds), withBirthdays ? 1 : 0),
  ]);
  return {
    people: new Map([...(contacts!.results as CirclePersonRow[]), ...(people!.results as CirclePersonRow[])].map((p) => [p.id, p])),
    birthdays: new Map((birthdays!.results as BirthdayRow[]).map((b) => [b.contact_id, b])),
  };
}
