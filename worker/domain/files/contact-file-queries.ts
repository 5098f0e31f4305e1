import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactFiles, interactionPurges, type ContactFileRow } from '../../db/schema';

// The reads and writes of contact_files (migrations/0075). A contact's files are found by
// contact_files_by_contact (user_id, contact_id, created_at, id), an import's by its source key.

/** One page of the contact's files, newest first (a builder, so a page can batch it with the count). */
export const filesOfContactPage = (db: Db, userId: string, contactId: string, limit: number, offset: number) =>
  db
    .select()
    .from(contactFiles)
    .where(and(eq(contactFiles.userId, userId), eq(contactFiles.contactId, contactId)))
    .orderBy(desc(contactFiles.createdAt), desc(contactFiles.id))
    .limit(limit)
    .offset(offset);

export const fileCountOfContact = (db: Db, userId: string, contactId: string) =>
  db
    .select({ total: count() })
    .from(contactFiles)
    .where(and(eq(contactFiles.userId, userId), eq(contactFiles.contactId, contactId)));

/** The user's file `id` on the contact `contactId`. */
export const ownFile = (db: Db, userId: string, contactId: string, id: string): Promise<ContactFileRow | undefined> =>
  db
    .select()
    .from(contactFiles)
    .where(and(eq(contactFiles.id, id), eq(sql`+${contactFiles.userId}`, userId), eq(contactFiles.contactId, contactId)))
    .get();

/** Inserts the file's row; one an import brought before (same source key) stays as it was. */
export const insertFile = (db: Db, row: ContactFileRow) =>
  db.insert(contactFiles).values(row).onConflictDoNothing().returning({ id: contactFiles.id });

export const deleteFile = (db: Db, userId: string, id: string) =>
  db
    .delete(contactFiles)
    .where(and(eq(contactFiles.id, id), eq(sql`+${contactFiles.userId}`, userId)))
    .returning({ r2Key: contactFiles.r2Key });

/** Which of these source keys (up to 90) the user's files already carry. */
export const knownSourceKeys = (db: Db, userId: string, keys: string[]) =>
  db
    .select({ sourceKey: contactFiles.sourceKey })
    .from(contactFiles)
    .where(and(eq(contactFiles.userId, userId), inArray(contactFiles.sourceKey, keys)));

/** Up to `limit` files of the user's deleted contacts (those waiting in interaction_purges, ADR 010). */
export const filesOfDeletedContacts = (db: Db, userId: string, limit: number) =>
  db
    .select({ id: contactFiles.id, r2Key: contactFiles.r2Key })
    .from(contactFiles)
    .where(
      and(
        eq(contactFiles.userId, userId),
        inArray(
          contactFiles.contactId,
          db.select({ id: interactionPurges.contactId }).from(interactionPurges).where(eq(interactionPurges.userId, userId)),
        ),
      ),
    )
    .limit(limit);

export const deleteFilesById = (db: Db, userId: string, ids: string[]) =>
  db.delete(contactFiles).where(and(eq(sql`+${contactFiles.userId}`, userId), inArray(contactFiles.id, ids)));

/** How many files the user keeps and their bytes in all (contact_files_by_contact's user_id prefix). */
export const accountFileUsage = (db: Db, userId: string) =>
  db
    .select({ files: count(), bytes: sql<number>`coalesce(sum(${contactFiles.byteSize}), 0)` })
    .from(contactFiles)
    .where(eq(contactFiles.userId, userId))
    .get();
