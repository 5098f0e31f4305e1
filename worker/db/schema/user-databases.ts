// The user directory (migrations/0027): which D1 database holds a user's data
// (docs/decisions/015). A directory table, in DB only; a user without a row lives in DB.
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const userDatabases = sqliteTable('user_databases', {
  userId: text('user_id').primaryKey(),
  database: text('database').notNull(),
  assignedAt: text('assigned_at').notNull(),
});
