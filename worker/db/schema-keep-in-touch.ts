// Drizzle view of migrations/0022_keep_in_touch.sql.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const cadenceDefaults = sqliteTable(
  'cadence_defaults',
  {
    userId: text('user_id').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    every: integer('every').notNull(),
    unit: text('unit', { enum: ['day', 'week', 'month'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.priority] })],
);

export const timeZoneOffsets = sqliteTable(
  'time_zone_offsets',
  {
    timeZone: text('time_zone').notNull(),
    fromUtc: text('from_utc').notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.fromUtc] })],
);

export const reminders = sqliteTable('reminders', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  kind: text('kind', { enum: ['reminder', 'follow_up'] }).notNull(),
  note: text('note'),
  remindOn: text('remind_on').notNull(),
  dueOn: text('due_on').notNull(),
  status: text('status', { enum: ['pending', 'snoozed', 'done', 'dismissed'] }).notNull(),
  createdAt: text('created_at').notNull(),
  resolvedAt: text('resolved_at'),
});

export const keepInTouchSettings = sqliteTable('keep_in_touch_settings', {
  userId: text('user_id').primaryKey(),
  calendarTokenHash: text('calendar_token_hash'),
  calendarTokenCreatedAt: text('calendar_token_created_at'),
  weeklyDigest: integer('weekly_digest', { mode: 'boolean' }).notNull().default(false),
  digestSentOn: text('digest_sent_on'),
  digestKey: text('digest_key'),
});
