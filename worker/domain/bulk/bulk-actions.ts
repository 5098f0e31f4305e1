import type { Db } from '../../db/client';
import { runStatements, type Statement } from '../../db/sql-batch';
import { tagNorm } from '../contacts/normalize';
import { schedulePurge } from '../contacts/purge-interactions';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { assertMayNameOrganization, organizationNameNorm } from '../organizations/organizations';
import { dropTagSourcesStatement, recordTagOnContactsStatement } from '../sources/field-source-queries';
import { TYPED, type ValueSource } from '../sources/source-kinds';
import { LIST_LIMITS } from '../search/contact-list-limits';
import type { Priority } from '../search/contact-list-queries';
import { auditedDeleteStatements } from './audited-delete';
import {
  addTagToContacts,
  clearContactsCompany,
  markContactsChanged,
  removeTagsFromContacts,
  setContactsCompany,
  setContactsPriority,
  visibleContactsAmong,
} from './bulk-queries';

/** A bulk action takes what "select all matching" selects, and no more. */
export const MAX_BULK_IDS = LIST_LIMITS.selectAll;

// `merge` (API.md) is wired separately by the merge work; it is not offered here yet.
export type BulkAction =
  | { action: 'set_priority'; value: Priority }
  | { action: 'set_company'; value: string | null }
  | { action: 'add_tags'; value: string[] }
  | { action: 'remove_tags'; value: string[] }
  | { action: 'archive' }
  | { action: 'delete' };

/**
 * The user's contacts among `ids` (id and name), to check ownership before anything changes; for
 * a token limited to some contacts (ADR 035), only those it may see: it may hold the id of one
 * it saw before it was tagged "private", and must not delete or retag it.
 */
async function ownedContacts(db: Db, userId: string, ids: string[]) {
  const [result] = await runStatements<{ id: string; full_name: string }>(db, [visibleContactsAmong(db, userId, ids)]);
  return result?.results ?? [];
}

function updateStatements(
  userId: string,
  ids: string[],
  bulk: Exclude<BulkAction, { action: 'delete' }>,
  source: ValueSource,
): Statement[] {
  switch (bulk.action) {
    case 'set_priority':
      return [setContactsPriority(userId, ids, bulk.value)];
    case 'archive':
      return [setContactsPriority(userId, ids, 'archived')];
    case 'set_company': {
      const name = bulk.value?.trim();
      // Links the organization with this name (case-insensitively) or creates it, in the same batch.
      return name ? setContactsCompany(userId, ids, name, organizationNameNorm(name)) : [clearContactsCompany(userId, ids)];
    }
    case 'add_tags': {
      // The first spelling of a tag wins, as when a contact is saved.
      const tags = new Map<string, string>();
      for (const tag of bulk.value) if (!tags.has(tagNorm(tag))) tags.set(tagNorm(tag), tag.trim());
      return [
        markContactsChanged(userId, ids),
        // Before the tags: a contact that has one already keeps its source (ADR 038).
        ...[...tags].flatMap(([norm, tag]) => [
          recordTagOnContactsStatement(userId, ids, norm, source),
          addTagToContacts(userId, ids, tag, norm),
        ]),
      ];
    }
    case 'remove_tags': {
      const norms = [...new Set(bulk.value.map(tagNorm))];
      return [markContactsChanged(userId, ids), removeTagsFromContacts(userId, ids, norms), dropTagSourcesStatement(userId, ids, norms)];
    }
  }
}

/**
 * Applies one bulk action to the user's contacts, all or nothing: an id that is not the
 * user's (or not the limited token's to see) answers 404 before anything changes, and the writes run as one D1 batch.
 */
export async function applyBulkAction(deps: Deps, userId: string, ids: string[], bulk: BulkAction): Promise<{ affected: number }> {
  const { db } = deps;
  const unique = [...new Set(ids)];
  const owned = await ownedContacts(db, userId, unique);
  if (owned.length !== unique.length) throw notFound('Contact');
  if (bulk.action === 'set_company' && bulk.value?.trim()) await assertMayNameOrganization(db, userId, bulk.value);
  const statements =
    bulk.action === 'delete'
      ? auditedDeleteStatements(db, userId, 'contacts.bulk_delete', owned, unique)
      : updateStatements(userId, unique, bulk, deps.writer ?? TYPED);
  await runStatements(db, statements);
  if (bulk.action === 'delete') await schedulePurge(deps, userId);
  return { affected: unique.length };
}
