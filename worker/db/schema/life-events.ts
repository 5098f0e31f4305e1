// Life events on contacts and the ones found for the user (migrations/0052, docs/decisions/036).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { LIFE_EVENT_KINDS, LIFE_EVENT_SOURCES, LIFE_EVENT_STATUSES } from '../../domain/life-events/life-event-kinds';

export const lifeEvents = sqliteTable(
  'life_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    kind: text('kind', { enum: LIFE_EVENT_KINDS }).notNull(),
    summary: text('summary').notNull(),
    happenedOn: text('happened_on'),
    recursOn: text('recurs_on'),
    status: text('status', { enum: LIFE_EVENT_STATUSES }).notNull(),
    source: text('source', { enum: LIFE_EVENT_SOURCES }).notNull(),
    evidence: text('evidence'),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    interactionId: text('interaction_id'),
    importId: text('import_id'),
    proposalKey: text('proposal_key'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    decidedAt: text('decided_at'),
  },
  (t) => [
    index('life_events_contact').on(t.contactId, t.happenedOn),
    index('life_events_user_status').on(t.userId, t.status, t.createdAt),
    index('life_events_recurring')
      .on(t.userId, t.recursOn)
      .where(sql`recurs_on IS NOT NULL`),
    uniqueIndex('life_events_proposal')
      .on(t.userId, t.contactId, t.proposalKey)
      .where(sql`proposal_key IS NOT NULL`),
  ],
);

export type LifeEventRow = typeof lifeEvents.$inferSelect;

/** How far Kith read the user's messages for life events, its switch and its daily model calls (migrations/0058, docs/decisions/043). */
export const lifeEventReading = sqliteTable('life_event_reading', {
  userId: text('user_id').primaryKey(),
  /** null: the default (on when a model is configured). */
  readMessages: integer('read_messages', { mode: 'boolean' }),
  cursorAt: text('cursor_at'),
  cursorId: text('cursor_id'),
  callsDay: text('calls_day'),
  calls: integer('calls').notNull().default(0),
  updatedAt: text('updated_at').notNull(),
});

export type LifeEventReadingRow = typeof lifeEventReading.$inferSelect;
