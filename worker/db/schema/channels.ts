// Channels: connected Gmail, Telegram, X and LinkedIn accounts (migrations/0012, 0015), sends
// and LinkedIn's outbox, what a channel's sync learned (Telegram peers, messaging groups), the
// Google connection and the OAuth states of a connect in progress.
import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

export const LINKEDIN_OUTBOX_STATUSES = ['queued', 'claimed', 'sent', 'failed'] as const;

export const linkedinOutbox = sqliteTable('linkedin_outbox', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  interactionId: text('interaction_id').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: LINKEDIN_OUTBOX_STATUSES }).notNull(),
  leaseUntil: text('lease_until'),
  attempts: integer('attempts').notNull(),
  error: text('error'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const telegramPeers = sqliteTable(
  'telegram_peers',
  {
    userId: text('user_id').notNull(),
    peerId: text('peer_id').notNull(),
    contactId: text('contact_id').notNull(),
    bio: text('bio'),
    lastMessageId: integer('last_message_id').notNull(),
    messagedDirectly: integer('messaged_directly', { mode: 'boolean' }).notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] })],
);

export const telegramSettings = sqliteTable('telegram_settings', {
  userId: text('user_id').primaryKey(),
  tagSecondTier: integer('tag_second_tier', { mode: 'boolean' }).notNull(),
  updatedAt: text('updated_at').notNull(),
});

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

export const googleConnections = sqliteTable('google_connections', {
  userId: text('user_id').primaryKey(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  expiresAt: text('expires_at').notNull(),
  scope: text('scope').notNull(),
  syncToken: text('sync_token'),
  lastSyncedAt: text('last_synced_at'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const oauthStates = sqliteTable('oauth_states', {
  state: text('state').primaryKey(),
  userId: text('user_id').notNull(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
});
