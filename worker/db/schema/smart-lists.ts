// Smart lists: a user's saved searches of their contacts (migrations/0010).
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const smartLists = sqliteTable('smart_lists', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  nameNorm: text('name_norm').notNull(),
  search: text('search').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});
