// Drizzle view of migrations/0003_detail.sql.
import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const contactScores = sqliteTable('contact_scores', {
  contactId: text('contact_id').primaryKey(),
  userId: text('user_id').notNull(),
  recency: real('recency').notNull(),
  frequency: real('frequency').notNull(),
  reciprocity: real('reciprocity').notNull(),
  breadth: real('breadth').notNull(),
  tenure: real('tenure').notNull(),
  score: real('score').notNull(),
  computedAt: text('computed_at').notNull(),
});

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

export const messagingGroups = sqliteTable('messaging_groups', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  channel: text('channel').notNull(),
  externalId: text('external_id').notNull(),
  title: text('title').notNull(),
  memberCount: integer('member_count'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const messagingGroupMembers = sqliteTable(
  'messaging_group_members',
  {
    userId: text('user_id').notNull(),
    groupId: text('group_id').notNull(),
    contactId: text('contact_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] })],
);
