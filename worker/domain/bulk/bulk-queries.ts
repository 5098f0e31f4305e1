import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { visibleOnDb } from '../auth/contact-limit-queries';
import type { Priority } from '../search/contact-list-queries';

// Statements over a selection of the user's contacts. The selection travels as one JSON
// parameter read by json_each: D1 allows 100 bound parameters per statement, and 10 000 ids in
// one statement beat 112 chunked ones. `+user_id`: look the ids up by key, not by walking all
// of the user's rows (SQLite has no statistics telling it that one user may own them all).

const andVisible = (db: Db, userId: string, id: SQL): SQL => {
  const visible = visibleOnDb(db, userId, id);
  return visible ? sql` AND ${visible}` : sql``;
};

const idsParam = (ids: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/**
 * The user's contacts among `ids`, with their names; for a token limited to some contacts (ADR
 * 035), only those it may see.
 */
export const visibleContactsAmong = (db: Db, userId: string, ids: string[]): SQL =>
  sql`SELECT id, full_name FROM contacts WHERE +user_id = ${userId} AND id IN ${idsParam(ids)}${andVisible(db, userId, sql`contacts.id`)}`;

/** Updates the selected contacts, always marking them as changed now. */
function touch(userId: string, ids: string[], set?: SQL): SQL {
  const assignments = set ? sql`${set}, updated_at = ${nowIso()}` : sql`updated_at = ${nowIso()}`;
  return sql`UPDATE contacts SET ${assignments} WHERE +user_id = ${userId} AND id IN ${idsParam(ids)}`;
}

export const markContactsChanged = (userId: string, ids: string[]): SQL => touch(userId, ids);

export const setContactsPriority = (userId: string, ids: string[], priority: Priority | 'archived'): SQL =>
  touch(userId, ids, sql`priority = ${priority}`);

export const clearContactsCompany = (userId: string, ids: string[]): SQL => touch(userId, ids, sql`company_id = NULL`);

/** Links the contacts to the organization named `name` (matched by `nameNorm`), creating it first if the user has none. */
export function setContactsCompany(userId: string, ids: string[], name: string, nameNorm: string): SQL[] {
  const now = nowIso();
  return [
    sql`INSERT OR IGNORE INTO organizations (id, user_id, name, name_norm, created_at, updated_at) VALUES (${newId()}, ${userId}, ${name}, ${nameNorm}, ${now}, ${now})`,
    touch(userId, ids, sql`company_id = (SELECT id FROM organizations WHERE user_id = ${userId} AND name_norm = ${nameNorm})`),
  ];
}

/** Tags the contacts; one that already has the tag (in any spelling) keeps its own. */
export const addTagToContacts = (userId: string, ids: string[], tag: string, tagNorm: string): SQL =>
  sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm) SELECT ${userId}, value, ${tag}, ${tagNorm} FROM json_each(${JSON.stringify(ids)})`;

export const removeTagsFromContacts = (userId: string, ids: string[], tagNorms: string[]): SQL =>
  sql`DELETE FROM contact_tags WHERE +user_id = ${userId} AND tag_norm IN (SELECT value FROM json_each(${JSON.stringify(tagNorms)})) AND contact_id IN ${idsParam(ids)}`;

/** The user's contacts tagged `tagNorm`, with their names: from the tag index, each contact by key. */
export const visibleContactsTagged = (db: Db, userId: string, tagNorm: string): SQL =>
  sql`SELECT c.id AS id, c.full_name AS full_name FROM contact_tags t JOIN contacts c ON c.id = t.contact_id
      WHERE t.user_id = ${userId} AND t.tag_norm = ${tagNorm} AND +c.user_id = ${userId}${andVisible(db, userId, sql`c.id`)}`;

/** How many rows `query` answers. */
export const countOf = (query: SQL): SQL => sql`SELECT count(*) AS n FROM (${query})`;
