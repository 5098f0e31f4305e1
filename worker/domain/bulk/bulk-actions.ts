import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements, type Statement } from '../../db/sql-batch';
import { newId, nowIso } from '../../db/columns';
import { tagNorm } from '../contacts/normalize';
import { schedulePurge } from '../contacts/purge-interactions';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { organizationNameNorm } from '../organizations/organizations';
import type { Priority } from '../search/contact-list-query';
import { auditedDeleteStatements } from './audited-delete';

export const MAX_BULK_IDS = 10_000;

// `merge` (API.md) is wired separately by the merge work; it is not offered here yet.
export type BulkAction =
  | { action: 'set_priority'; value: Priority }
  | { action: 'set_company'; value: string | null }
  | { action: 'add_tags'; value: string[] }
  | { action: 'remove_tags'; value: string[] }
  | { action: 'archive' }
  | { action: 'delete' };

/**
 * The selection travels as one JSON parameter read by json_each: D1 allows 100 bound
 * parameters per statement, and 10 000 ids in one statement beat 112 chunked ones.
 */
// `+user_id`: look the ids up by key, not by walking all of the user's rows (SQLite has no
// statistics telling it that one user may own them all).
const idsParam = (ids: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** The user's contacts among `ids` (id and name), to check ownership before anything changes. */
async function ownedContacts(db: Db, userId: string, ids: string[]) {
  const [result] = await runStatements<{ id: string; full_name: string }>(db, [sql`SELECT id, full_name FROM contacts WHERE +user_id = ${userId} AND id IN ${idsParam(ids)}`]);
  return result?.results ?? [];
}

/** Updates the selected contacts, always marking them as changed now. */
function touch(userId: string, ids: string[], set?: SQL) {
  const assignments = set ? sql`${set}, updated_at = ${nowIso()}` : sql`updated_at = ${nowIso()}`;
  return sql`UPDATE contacts SET ${assignments} WHERE +user_id = ${userId} AND id IN ${idsParam(ids)}`;
}

function updateStatements(db: Db, userId: string, ids: string[], bulk: Exclude<BulkAction, { action: 'delete' }>): Statement[] {
  switch (bulk.action) {
    case 'set_priority':
      return [touch(userId, ids, sql`priority = ${bulk.value}`)];
    case 'archive':
      return [touch(userId, ids, sql`priority = 'archived'`)];
    case 'set_company': {
      const name = bulk.value?.trim();
      if (!name) return [touch(userId, ids, sql`company_id = NULL`)];
      const now = nowIso();
      const norm = organizationNameNorm(name);
      // Links the organization with this name (case-insensitively) or creates it, in the same batch.
      return [
        sql`INSERT OR IGNORE INTO organizations (id, user_id, name, name_norm, created_at, updated_at) VALUES (${newId()}, ${userId}, ${name}, ${norm}, ${now}, ${now})`,
        touch(userId, ids, sql`company_id = (SELECT id FROM organizations WHERE user_id = ${userId} AND name_norm = ${norm})`),
      ];
    }
    case 'add_tags': {
      // The first spelling of a tag wins, as when a contact is saved.
      const tags = new Map<string, string>();
      for (const tag of bulk.value) if (!tags.has(tagNorm(tag))) tags.set(tagNorm(tag), tag.trim());
      return [
        touch(userId, ids),
        ...[...tags].map(([norm, tag]) =>
          sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm) SELECT ${userId}, value, ${tag}, ${norm} FROM json_each(${JSON.stringify(ids)})`,
        ),
      ];
    }
    case 'remove_tags': {
      const norms = [...new Set(bulk.value.map(tagNorm))];
      return [
        touch(userId, ids),
        sql`DELETE FROM contact_tags WHERE +user_id = ${userId} AND tag_norm IN (SELECT value FROM json_each(${JSON.stringify(norms)})) AND contact_id IN ${idsParam(ids)}`,
      ];
    }
  }
}

/**
 * Applies one bulk action to the user's contacts, all or nothing: an id that is not the
 * user's answers 404 before anything changes, and the writes run as one D1 batch.
 */
export async function applyBulkAction(deps: Deps, userId: string, ids: string[], bulk: BulkAction): Promise<{ affected: number }> {
  const { db } = deps;
  const unique = [...new Set(ids)];
  const owned = await ownedContacts(db, userId, unique);
  if (owned.length !== unique.length) throw notFound('Contact');
  const statements =
    bulk.action === 'delete' ? auditedDeleteStatements(db, userId, 'contacts.bulk_delete', owned, unique) : updateStatements(db, userId, unique, bulk);
  await runStatements(db, statements);
  if (bulk.action === 'delete') await schedulePurge(deps, userId);
  return { affected: unique.length };
}
