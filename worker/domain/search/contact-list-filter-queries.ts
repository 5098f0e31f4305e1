import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { PRIORITIES } from '../contacts/contact-input';
import { tagNorm } from '../contacts/normalize';
import { insideBox } from '../map/map-pin-queries';
import type { ContactListQuery } from './contact-list-queries';
import { visibleContactSql } from '../auth/contact-limit-queries';
import { matchPlaceExpression, parseSearch } from './search-terms';

// The list's filters as conditions on `contacts c`, written for the way the statement reaches
// the contacts (contact-list-queries.ts builds the statements around them).

const ACTIVE_PRIORITIES = PRIORITIES.filter((p) => p !== 'archived');

// A place, a map box or a contact's relationships: each is read from an index of its own,
// which then drives the query. A token's contact limit counts as one: no count or page
// shortcut (the totals tables, the search index's own count) may count contacts it must not see.
export const hasWhereFilter = (query: ContactListQuery) =>
  (parseSearch(query.place)?.words.length ?? 0) > 0 || query.box !== undefined || query.relatedTo !== undefined || Boolean(query.limit);
export const tagNorms = (query: ContactListQuery) => [...new Set((query.tags ?? []).map(tagNorm).filter(Boolean))];

/**
 * How the page's statement may reach the contacts. SQLite has no statistics here and rates
 * `user_id = ?` as selective, while one user may own every row, so the statement says it:
 * - `user`: the planner picks among the user's indexes;
 * - `driven`: another access path drives (FTS matches, a tag's rows, a list of ids), and the
 *   unary `+` on user_id keeps SQLite from walking all of the user's contacts instead;
 * - `order`: the order's own index is walked and every filter checked on the way (the `+`
 *   keeps the filters' indexes out), stopping after the page: for filters that hold many.
 */
export type Access = 'user' | 'driven' | 'order';

// `activeAsList` writes "not archived" as the other priorities, for a count: with a source
// filter, SQLite then seeks (user_id, priority, source) of contacts_user_priority once per
// priority instead of reading every contact of the user (250 000 contacts: 29 -> 3 ms). A page
// keeps `!=`: it walks its order's index and stops after the page.
export function filterConditions(userId: string, query: ContactListQuery, access: Access, activeAsList = false): SQL[] {
  const conditions = [access === 'driven' ? sql`+c.user_id = ${userId}` : sql`c.user_id = ${userId}`];
  const column = (name: string) => sql.raw(access === 'order' ? `+c.${name}` : `c.${name}`);
  // API.md: archived contacts are hidden unless the priority filter asks for them.
  if (query.priorities?.length)
    conditions.push(
      sql`${column('priority')} IN (${sql.join(
        query.priorities.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  else if (activeAsList)
    conditions.push(
      sql`${column('priority')} IN (${sql.join(
        ACTIVE_PRIORITIES.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  else conditions.push(sql`${column('priority')} != 'archived'`);
  if (query.sources?.length)
    conditions.push(
      sql`${column('source')} IN (${sql.join(
        query.sources.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (query.scoreMin !== undefined) conditions.push(sql`${column('relationship_score')} >= ${query.scoreMin}`);
  if (query.scoreMax !== undefined) conditions.push(sql`${column('relationship_score')} <= ${query.scoreMax}`);
  if (query.dueBy !== undefined) conditions.push(sql`coalesce(${column('next_due')}, '9999-12-31') <= ${query.dueBy}`);
  // Qualified, so the box reads the contact's own coordinates inside any subquery.
  if (query.box)
    conditions.push(
      sql`c.rowid IN (SELECT rowid FROM contacts INDEXED BY contacts_user_geo WHERE user_id = ${userId} AND ${insideBox(query.box)})`,
    );
  const place = parseSearch(query.place);
  if (place?.words.length) {
    conditions.push(sql`c.rowid IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${matchPlaceExpression(userId, place)})`);
  }
  const tags = tagNorms(query);
  if (tags.length) conditions.push(sql`${column('id')} IN (${taggedContactIds(userId, tags)})`);
  if (query.relatedTo !== undefined) conditions.push(sql`c.id IN (${relatedContactIds(userId, query.relatedTo)})`);
  const visible = visibleContactSql(userId, query.limit ?? null, sql`c.id`);
  if (visible) conditions.push(visible);
  return conditions;
}

/** The ids of the user's contacts holding any of these tags (normalized), from contact_tags_user_tag. */
export function taggedContactIds(userId: string, tags: string[]): SQL {
  return sql`SELECT contact_id FROM contact_tags WHERE user_id = ${userId} AND tag_norm IN (${sql.join(
    tags.map((t) => sql`${t}`),
    sql`, `,
  )})`;
}

/** The contacts a contact is linked to, from its own side of each link (relationships_contact). */
export function relatedContactIds(userId: string, contactId: string): SQL {
  return sql`SELECT other_id FROM relationships WHERE user_id = ${userId} AND contact_id = ${contactId} AND other_type = 'contact'`;
}

/** The name of the contact a "related to" filter names, for the filter's chip; null when it is not the user's. */
export async function relatedToName(db: Db, userId: string, contactId: string): Promise<string | null> {
  const row = await db
    .select({ name: contacts.fullName })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .get();
  return row?.name ?? null;
}
