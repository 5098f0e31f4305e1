// Tags: the tags on each contact, and how many contacts carry each.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactTags = sqliteTable(
  'contact_tags',
  {
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    tag: text('tag').notNull(),
    tagNorm: text('tag_norm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagNorm] })],
);

/**
 * How many of the user's contacts carry each tag, and how many of those are archived, kept by
 * triggers (migrations/0033): the tag menu and a tag's total read a row per tag instead of
 * counting the tag's rows. Written by SQLite only.
 */
export const tagTotals = sqliteTable(
  'tag_totals',
  {
    userId: text('user_id').notNull(),
    tagNorm: text('tag_norm').notNull(),
    contacts: integer('contacts').notNull(),
    archived: integer('archived').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagNorm] })],
);
