import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactDates = sqliteTable('contact_dates', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  kind: text('kind', { enum: ['birthday', 'anniversary', 'custom'] }).notNull(),
  label: text('label'),
  month: integer('month').notNull(),
  day: integer('day').notNull(),
  year: integer('year'),
  createdAt: text('created_at').notNull(),
});
