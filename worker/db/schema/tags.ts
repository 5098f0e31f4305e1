// Tags: the tags on each contact.
import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
