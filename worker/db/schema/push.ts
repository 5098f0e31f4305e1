// Web Push: each device that turned notifications on (migrations/0050, docs/decisions/034).
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    device: text('device').notNull(),
    createdAt: text('created_at').notNull(),
    /** The user's local date of the last reminders push to this device. */
    notifiedOn: text('notified_on'),
    lastSentAt: text('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.userId, t.endpoint),
    index('push_subscriptions_user').on(t.userId, t.createdAt, t.id),
  ],
);
