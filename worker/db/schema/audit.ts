// The audit log: each delete and merge a user made (contacts, notes, tags, organizations), with
// what it removed.
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const auditLog = sqliteTable('audit_log', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id'),
  data: text('data').notNull(),
  createdAt: text('created_at').notNull(),
  /** When the nightly sweep replaced the contents with who/when/what/name (migration 0042, ADR 026). */
  contentsDroppedAt: text('contents_dropped_at'),
});
