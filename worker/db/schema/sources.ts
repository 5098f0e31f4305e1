// Where each value of a contact came from (migrations/0048, docs/decisions/032).
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The source of one value a contact holds (a field's value, or one email or phone). */
export const contactFieldSources = sqliteTable(
  'contact_field_sources',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    field: text('field').notNull(),
    valueKey: text('value_key').notNull(),
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    recordedAt: text('recorded_at').notNull(),
  },
  (t) => [index('contact_field_sources_contact').on(t.contactId, t.field)],
);

export type ContactFieldSourceRow = typeof contactFieldSources.$inferSelect;
