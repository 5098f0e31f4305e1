import { assertSeesEveryContact, limitOfDb } from '../auth/contact-limit';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import type { ContactRow } from '../../db/schema';
import { runStatements, type Statement } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import { UNMERGE_DAYS } from '../audit/audit-retention';
import { nameKeys } from '../contacts/latin-name';
import { fullNameOf } from '../contacts/normalize';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { recomputeScores } from '../scoring/relationship-score';
import { COLUMN_CHOICE_FIELDS, MERGE_CHOICE_COLUMNS } from './merge-choices';
import { mergedColumns } from './merge-contacts';
import { updateSurvivor } from './merge-queries';
import { openMergeViewsOf, type MergeEntryState, type OpenMergeView } from './merge-views';
import type { SurvivorBefore } from './merge-record-queries';
import type { RelatedRow } from './merge-snapshot-queries';
import { unmergeMoves } from './unmerge-move-queries';
import {
  contactsOfMerge,
  markUnmergedStatement,
  mergeRecordOf,
  mergeRecordsById,
  openMergesInto,
  organizationExists,
  restoreContactStatement,
} from './unmerge-queries';

/**
 * The survivor's columns back as they were, where they still hold what the merge brought from
 * the merged contact; a value changed since the merge is a later change, and stays.
 */
export function restoredColumns(before: ContactRow, merged: ContactRow, now: ContactRow): Partial<ContactRow> {
  const set: Record<string, unknown> = {};
  for (const field of COLUMN_CHOICE_FIELDS) {
    const columns = MERGE_CHOICE_COLUMNS[field];
    const changed = columns.filter((c) => now[c] !== before[c]);
    if (changed.length && changed.every((c) => now[c] === merged[c])) for (const c of columns) set[c] = before[c];
  }
  const joined = mergedColumns(before, [merged]).notes;
  if (joined !== undefined && now.notes === joined) set.notes = before.notes;
  if ('firstName' in set || 'lastName' in set) {
    const fullName = fullNameOf(set.firstName as string | null, set.lastName as string | null);
    Object.assign(set, { fullName, ...nameKeys(fullName) });
  }
  return { ...set, updatedAt: nowIso() } as Partial<ContactRow>;
}

/**
 * Unmerge (ADR 020): the merged contact comes back as it was, with the same id, and takes back
 * every row that came from it; the survivor keeps what was added to it after the merge. One
 * batch. 404 for a merge that is not the user's, 409 when it cannot be undone any more.
 */
export async function unmergeContacts(
  deps: Deps,
  userId: string,
  mergeId: string,
): Promise<{ survivorId: string; restoredId: string; restoredName: string }> {
  const { db } = deps;
  // ADR 073: the contact it brings back, and the survivor it rewrites, may be kept from a limited token.
  assertSeesEveryContact(db, 'undo a merge: it brings back a contact and rewrites another, either maybe kept from this token');
  const { record, audit } = await mergeRecordOf(db, userId, mergeId);
  if (!record || !audit) throw notFound('Merge');
  if (record.unmergedAt) throw new AppError('conflict', 'This merge has been undone already');
  if (record.contentsDroppedAt)
    throw new AppError(
      'merge_expired',
      `This merge can no longer be undone: merges can be undone for ${UNMERGE_DAYS} days, and what undoing it needs has been deleted since`,
      { merged_at: record.createdAt, undo_days: UNMERGE_DAYS },
    );
  const snapshot = JSON.parse(audit.data) as { contact: ContactRow; related?: Record<string, RelatedRow[]> };
  const before = JSON.parse(record.survivorBefore) as SurvivorBefore;
  const found = await contactsOfMerge(db, userId, record.survivorId, record.mergedId);
  const survivor = found.find((r) => r.id === record.survivorId);
  if (found.some((r) => r.id === record.mergedId)) throw new AppError('conflict', 'This contact is back already');
  if (!survivor)
    throw new AppError('conflict', 'The contact it was merged into has been deleted or merged into another since: undo that first');
  const company = snapshot.contact.companyId ? await organizationExists(db, userId, snapshot.contact.companyId) : false;

  const statements: Statement[] = [
    restoreContactStatement(db, { ...snapshot.contact, companyId: company ? snapshot.contact.companyId : null }),
    ...unmergeMoves(userId, survivor.id, record.mergedId, mergeId, snapshot.related ?? {}, before),
    updateSurvivor(db, userId, survivor.id, restoredColumns(before.row, snapshot.contact, survivor)),
    markUnmergedStatement(db, userId, mergeId),
    auditStatement(db, userId, 'contact.unmerge', 'contact', record.mergedId, {
      merge_id: mergeId,
      survivor_id: survivor.id,
      contact: { full_name: snapshot.contact.fullName },
    }),
  ];
  await runStatements(db, statements);
  await recomputeScores(db, userId, [survivor.id, record.mergedId]);
  return { survivorId: survivor.id, restoredId: record.mergedId, restoredName: snapshot.contact.fullName ?? '' };
}

/** The merges into a contact that can still be undone, newest first (the contact page's Unmerge). */
export async function mergesInto(db: Db, userId: string, survivorId: string): Promise<OpenMergeView[]> {
  return openMergeViewsOf(await openMergesInto(db, userId, survivorId), limitOfDb(db));
}

/** Whether each merge entry of the activity log is undone, and who made it, by the entry's id. */
export async function mergeEntryStates(db: Db, userId: string, auditIds: string[]): Promise<Map<string, MergeEntryState>> {
  const rows = auditIds.length ? await mergeRecordsById(db, userId, auditIds) : [];
  return new Map(rows.map((r) => [r.id, { origin: r.origin, undone: r.unmergedAt !== null, expired: r.contentsDroppedAt !== null }]));
}
