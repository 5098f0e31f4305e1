import { primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Drizzle mirror of migrations/0012_channels.sql.

export const CHANNELS = ['gmail', 'telegram', 'x', 'linkedin'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_STATUSES = ['pending', 'connected', 'error'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const channelConnections = sqliteTable(
  'channel_connections',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    status: text('status', { enum: CHANNEL_STATUSES }).notNull(),
    accountLabel: text('account_label'),
    credentialsEncrypted: text('credentials_encrypted'),
    syncCursor: text('sync_cursor'),
    lastSyncedAt: text('last_synced_at'),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('channel_connections_user_channel').on(t.userId, t.channel)],
);

export const messageSends = sqliteTable(
  'message_sends',
  {
    userId: text('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    contactId: text('contact_id').notNull(),
    channel: text('channel').notNull(),
    status: text('status', { enum: ['sending', 'sent'] }).notNull(),
    interactionId: text('interaction_id'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);
