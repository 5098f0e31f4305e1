import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { auditLog, contactMerges, contacts, organizations, type ContactRow } from '../../db/schema';

// What Unmerge reads and writes besides the rows it moves back (unmerge-move-queries.ts).

/** The merge record and its audit entry (the merged contact's snapshot), by the merge's id. */
export async function mergeRecordOf(db: Db, userId: string, mergeId: string) {
  const [record] = await db
    .select()
    .from(contactMerges)
    .where(and(eq(contactMerges.userId, userId), eq(contactMerges.id, mergeId)));
  const [audit] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.id, mergeId)));
  return { record, audit };
}

/** The user's contacts among the two of a merge. */
export function contactsOfMerge(db: Db, userId: string, survivorId: string, mergedId: string) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), sql`${contacts.id} IN (${survivorId}, ${mergedId})`));
}

export async function organizationExists(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.userId, userId), eq(organizations.id, id)));
  return rows.length > 0;
}

/** The merged contact's row as the snapshot holds it, inserted again with its own id. */
export function restoreContactStatement(db: Db, row: ContactRow) {
  return db.insert(contacts).values({ ...row, updatedAt: nowIso() });
}

export function markUnmergedStatement(db: Db, userId: string, mergeId: string) {
  return db
    .update(contactMerges)
    .set({ unmergedAt: nowIso() })
    .where(and(eq(contactMerges.userId, userId), eq(contactMerges.id, mergeId)));
}

/** The merges into a contact not undone yet, newest first, at most 50, with their audit entries' data. */
export function openMergesInto(db: Db, userId: string, survivorId: string) {
  return db
    .select({ id: contactMerges.id, origin: contactMerges.origin, createdAt: contactMerges.createdAt, data: auditLog.data })
    .from(contactMerges)
    .innerJoin(auditLog, eq(auditLog.id, contactMerges.id))
    .where(
      and(
        eq(contactMerges.userId, userId),
        eq(contactMerges.survivorId, survivorId),
        isNull(contactMerges.unmergedAt),
        isNull(contactMerges.contentsDroppedAt),
      ),
    )
    .orderBy(desc(contactMerges.createdAt))
    .limit(50);
}

/** The merge records among some audit entries' ids (an activity log page: at most its page size). */
export function mergeRecordsById(db: Db, userId: string, ids: string[]) {
  return db
    .select({
      id: contactMerges.id,
      origin: contactMerges.origin,
      unmergedAt: contactMerges.unmergedAt,
      contentsDroppedAt: contactMerges.contentsDroppedAt,
    })
    .from(contactMerges)
    .where(and(eq(contactMerges.userId, userId), inArray(contactMerges.id, ids)));
}
