// What a merge needs to be reversed (migrations/0038, docs/decisions/020).
import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactMerges = sqliteTable('contact_merges', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  survivorId: text('survivor_id').notNull(),
  mergedId: text('merged_id').notNull(),
  origin: text('origin', { enum: ['manual', 'auto'] }).notNull(),
  survivorBefore: text('survivor_before').notNull(),
  createdAt: text('created_at').notNull(),
  unmergedAt: text('unmerged_at'),
  /** Set when the unmerge window closed and the record lost what reversing needs (migration 0042, ADR 026). */
  contentsDroppedAt: text('contents_dropped_at'),
});

/** The timeline entries a merge moved, by id: Unmerge gives back these and no others. */
export const contactMergeInteractions = sqliteTable(
  'contact_merge_interactions',
  {
    mergeId: text('merge_id').notNull(),
    userId: text('user_id').notNull(),
    interactionId: text('interaction_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mergeId, t.interactionId] })],
);
