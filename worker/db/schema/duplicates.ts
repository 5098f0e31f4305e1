// Duplicates: pairs of contacts the user said are not the same person, and pairs an import kept
// apart though they share an identifier.
import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const duplicateDismissals = sqliteTable(
  'duplicate_dismissals',
  {
    userId: text('user_id').notNull(),
    contactA: text('contact_a').notNull(),
    contactB: text('contact_b').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactA, t.contactB] })],
);

/** migrations/0021: pairs an import kept apart though they share an identifier (ADR 013). */
export const duplicateSuggestions = sqliteTable(
  'duplicate_suggestions',
  {
    userId: text('user_id').notNull(),
    contactA: text('contact_a').notNull(),
    contactB: text('contact_b').notNull(),
    reason: text('reason').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactA, t.contactB] })],
);
