// What a merge needs to be reversed (migrations/0038, docs/decisions/020).
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactMerges = sqliteTable('contact_merges', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  survivorId: text('survivor_id').notNull(),
  mergedId: text('merged_id').notNull(),
  origin: text('origin', { enum: ['manual', 'auto'] }).notNull(),
  survivorBefore: text('survivor_before').notNull(),
  createdAt: text('created_at').notNull(),
  unmergedAt: text('unmerged_at'),
});
