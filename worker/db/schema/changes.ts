// The per-user change log of contacts (migrations/0035, docs/decisions/021): one row per contact,
// its latest change, kept by triggers. Written by SQLite only, but for a merge's merged_into.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactChanges = sqliteTable('contact_changes', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  change: text('change', { enum: ['upserted', 'deleted'] }).notNull(),
  mergedInto: text('merged_into'),
  changedAt: text('changed_at').notNull(),
  // added by migrations/0067_company_cards.sql: organizations shown as company cards share the log (ADR 054)
  kind: text('kind', { enum: ['contact', 'organization'] })
    .notNull()
    .default('contact'),
  // added by migrations/0071_card_etags_in_the_change_log.sql: the card's ETag, kept by the first read that renders it (ADR 059)
  etag: text('etag'),
});

/** Per user, the highest seq whose tombstone was swept: a cursor below it has lost deletions. */
export const contactChangeHorizons = sqliteTable('contact_change_horizons', {
  userId: text('user_id').primaryKey(),
  seq: integer('seq').notNull(),
});

/**
 * Every tag a contact has held (migrations/0059, ADR 044), kept by triggers on contact_tags: a
 * token limited to some tags is told of a contact's deletion or departure only if it held one.
 */
export const contactTagHistory = sqliteTable(
  'contact_tag_history',
  {
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    tagNorm: text('tag_norm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId, t.tagNorm] })],
);

/**
 * The scores the nightly refresh moved (migrations/0068 and 0074, ADR 055 and 062), one row per
 * contact with the seq of its latest move (per user): kept by a trigger, read by GET
 * /search-index/scores so the browser's order by score stays current without the card's change
 * log carrying scores.
 */
export const contactScoreChanges = sqliteTable(
  'contact_score_changes',
  {
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] }), index('contact_score_changes_by_seq').on(t.userId, t.seq)],
);
