import type { UserStore } from '../../db/stores';

// The reads of the intro-path walk (ADR 041): the ties of a set of contacts, three indexed
// queries in one batch per hop (relationships_contact, contacts' primary key and contacts_company,
// messaging_group_members' primary key), each bounded; and the walk's people, by primary key.
// Each is driven from the id list (json_each CROSS JOIN): with `id IN (SELECT value FROM
// json_each(…))` SQLite walked the user's whole relationships and contacts instead, ~1 s a
// request at 50 000 contacts and 200 000 links (bench/README.md); relationships is named its
// index because the planner, with no statistics, preferred the primary key's user_id alone.

export interface TieRow {
  from_id: string;
  to_id: string;
  type: 'relationship' | 'organization' | 'group';
  /** The relationship's kind (what `to` is to `from`), the organization's name or the group's title. */
  what: string;
  label: string | null;
}

/** A group larger than this says little about two of its members knowing each other. */
export const MAX_GROUP_MEMBERS = 50;

export function tiesOfStatements(store: UserStore, ids: string[], limit: number): D1PreparedStatement[] {
  const list = JSON.stringify(ids);
  return [
    store.d1
      .prepare(
        `SELECT r.contact_id AS from_id, r.other_id AS to_id, 'relationship' AS type, r.kind AS what, r.label
           FROM json_each(?2) j CROSS JOIN relationships r INDEXED BY relationships_contact ON r.user_id = ?1 AND r.contact_id = j.value
          WHERE r.other_type = 'contact' LIMIT ?3`,
      )
      .bind(store.userId, list, limit),
    store.d1
      .prepare(
        `SELECT f.id AS from_id, c.id AS to_id, 'organization' AS type, o.name AS what, NULL AS label
           FROM json_each(?2) j CROSS JOIN contacts f ON f.id = j.value AND f.user_id = ?1
           JOIN organizations o ON o.id = f.company_id AND o.user_id = f.user_id
           JOIN contacts c ON c.user_id = f.user_id AND c.company_id = f.company_id AND c.id <> f.id
          WHERE f.company_id IS NOT NULL LIMIT ?3`,
      )
      .bind(store.userId, list, limit),
    store.d1
      .prepare(
        `SELECT m.contact_id AS from_id, o.contact_id AS to_id, 'group' AS type, g.title AS what, g.channel AS label
           FROM messaging_group_members m
           JOIN messaging_groups g ON g.id = m.group_id AND g.user_id = m.user_id AND coalesce(g.member_count, 0) <= ?4
           JOIN messaging_group_members o ON o.group_id = m.group_id AND o.contact_id <> m.contact_id AND o.user_id = m.user_id
          WHERE m.user_id = ?1 AND m.contact_id IN (SELECT value FROM json_each(?2)) LIMIT ?3`,
      )
      .bind(store.userId, list, limit, MAX_GROUP_MEMBERS),
  ];
}

/** The ties of `ids` to anyone, at most `limit` of each type. */
export async function tiesOf(store: UserStore, ids: string[], limit: number): Promise<TieRow[]> {
  if (ids.length === 0) return [];
  const results = await store.d1.batch<TieRow>(tiesOfStatements(store, ids, limit));
  return results.flatMap((r) => r.results);
}

export interface WalkPersonRow {
  id: string;
  full_name: string;
  relationship_score: number;
  last_interaction_at: string | null;
  priority: string;
}

export async function peopleOfWalk(store: UserStore, ids: string[]): Promise<Map<string, WalkPersonRow>> {
  if (ids.length === 0) return new Map();
  const { results } = await store.d1
    .prepare(
      `SELECT c.id, c.full_name, c.relationship_score, c.last_interaction_at, c.priority
         FROM json_each(?2) j CROSS JOIN contacts c ON c.id = j.value AND c.user_id = ?1`,
    )
    .bind(store.userId, JSON.stringify(ids))
    .all<WalkPersonRow>();
  return new Map(results.map((r) => [r.id, r]));
}

/** The people at an organization a walk starts from: the warmest first, archived ones left out (contacts_company). */
export async function peopleAtOrganization(store: UserStore, organizationId: string, limit: number): Promise<string[]> {
  const { results } = await store.d1
    .prepare(
      `SELECT id FROM contacts WHERE company_id = ?1 AND user_id = ?2 AND priority <> 'archived'
        ORDER BY relationship_score DESC, id LIMIT ?3`,
    )
    .bind(organizationId, store.userId, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
