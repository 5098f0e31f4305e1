import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Drizzle mirror of migrations/0011_dead_letters.sql.

export const deadLetters = sqliteTable('dead_letters', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  fingerprint: text('fingerprint').notNull(),
  jobType: text('job_type').notNull(),
  body: text('body').notNull(),
  error: text('error').notNull(),
  attempts: integer('attempts').notNull(),
  firstSeenAt: text('first_seen_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
});
