// The per-user change log of contacts (migrations/0035, docs/decisions/021): one row per contact,
// its latest change, kept by triggers. Written by SQLite only, but for a merge's merged_into.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactChanges = sqliteTable('contact_changes', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  change: text('change', { enum: ['upserted', 'deleted'] }).notNull(),
  mergedInto: text('merged_into'),
  changedAt: text('changed_at').notNull(),
});

/** Per user, the highest seq whose tombstone was swept: a cursor below it has lost deletions. */
export const contactChangeHorizons = sqliteTable('contact_change_horizons', {
  userId: text('user_id').primaryKey(),
  seq: integer('seq').notNull(),
});
