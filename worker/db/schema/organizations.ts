// Organizations: the companies contacts work at.
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  nameNorm: text('name_norm').notNull(),
  website: text('website'),
  industry: text('industry'),
  location: text('location'),
  logoUrl: text('logo_url'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  // added by migrations/0019_company_cards.sql
  phone: text('phone'),
  email: text('email'),
  notes: text('notes'),
});

export type OrganizationRow = typeof organizations.$inferSelect;
