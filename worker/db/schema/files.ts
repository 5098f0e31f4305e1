// A contact's files: rows here, bytes in R2 (migrations/0075, docs/decisions/066).
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CONTACT_FILE_KINDS, CONTACT_FILE_SOURCES } from '../../domain/files/file-limits';

export const contactFiles = sqliteTable(
  'contact_files',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    kind: text('kind', { enum: CONTACT_FILE_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    r2Key: text('r2_key').notNull(),
    source: text('source', { enum: CONTACT_FILE_SOURCES }).notNull(),
    sourceKey: text('source_key'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('contact_files_by_contact').on(t.userId, t.contactId, t.createdAt, t.id),
    uniqueIndex('contact_files_by_source')
      .on(t.userId, t.sourceKey)
      .where(sql`source_key IS NOT NULL`),
  ],
);

export type ContactFileRow = typeof contactFiles.$inferSelect;
