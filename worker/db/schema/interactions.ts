// Interactions: every message, call, meeting and note on a contact's timeline, synced from a
// channel or logged by hand.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const interactions = sqliteTable(
  'interactions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel'),
    direction: text('direction', { enum: ['in', 'out'] }),
    subject: text('subject'),
    body: text('body'),
    status: text('status'),
    source: text('source').notNull(),
    externalId: text('external_id'),
    occurredAt: text('occurred_at').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    // added by migrations/0022_keep_in_touch.sql: a note the user marked as a conversation
    conversation: integer('conversation', { mode: 'boolean' })
      .notNull()
      .default(sql`0`),
    // added by migrations/0059_private_notes.sql: a note hidden from "never private" tokens (ADR 044)
    private: integer('private', { mode: 'boolean' })
      .notNull()
      .default(sql`0`),
  },
  // migrations/0058: the messages stored after a cursor (life events read from messages).
  (t) => [index('interactions_created').on(t.userId, t.createdAt, t.id)],
);

export type InteractionRow = typeof interactions.$inferSelect;
