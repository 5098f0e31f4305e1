// Keep in touch: suggested follow-ups, and (migrations/0022) reminders, each priority's default
// cadence, the time zone offsets due dates are counted in, and the calendar and digest settings.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const followups = sqliteTable('followups', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'snoozed', 'dismissed', 'done'] }).notNull(),
  dueAt: text('due_at').notNull(),
  snoozedUntil: text('snoozed_until'),
  createdAt: text('created_at').notNull(),
  resolvedAt: text('resolved_at'),
});

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
  /** The record in another app it came from ("<instance>:task:<id>"): a re-import updates it (migration 0070). */
  sourceKey: text('source_key'),
});

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

export const keepInTouchSettings = sqliteTable('keep_in_touch_settings', {
  userId: text('user_id').primaryKey(),
  calendarTokenHash: text('calendar_token_hash'),
  calendarTokenCreatedAt: text('calendar_token_created_at'),
  /** The access token that made the feed (the feed dies with it); null when made in a session. */
  calendarTokenCreatedBy: text('calendar_token_created_by'),
  weeklyDigest: integer('weekly_digest', { mode: 'boolean' }).notNull().default(false),
  digestSentOn: text('digest_sent_on'),
  digestKey: text('digest_key'),
  /** The local hour (0-23) due reminders are pushed to the user's devices at (migration 0050). */
  pushHour: integer('push_hour').notNull().default(9),
});
