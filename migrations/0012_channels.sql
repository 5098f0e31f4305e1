-- Channels (issue 9): one connection per user and messaging channel (Gmail, Telegram, X,
-- LinkedIn), shown as the cards of Settings -> Integrations and read by each channel's sync.
--
-- status: 'pending' (connect started, e.g. a Telegram login waiting for its code),
--         'connected', 'error' (last_error says why; e.g. a revoked token). Disconnecting
--         deletes the row, so no credential outlives the connection.
-- credentials_encrypted: the channel's secrets as JSON, AES-GCM encrypted with
--         ENCRYPTION_KEY ("iv.ciphertext", base64url; worker/domain/google/token-crypto.ts).
--         NULL for Gmail, whose OAuth tokens live in google_connections (shared with the
--         Google Contacts sync) so one refresh serves both.
-- sync_cursor: opaque per channel (Gmail: JSON {historyId, calendarSyncToken}).
CREATE TABLE channel_connections (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('gmail', 'telegram', 'x', 'linkedin')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'connected', 'error')),
  account_label TEXT,
  credentials_encrypted TEXT,
  sync_cursor TEXT,
  last_synced_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, channel)
);
-- The cron walks the connected accounts of one channel.
CREATE INDEX channel_connections_channel ON channel_connections(channel, status);

-- One row per composer submission (its idempotency key): a retried send finds the first
-- attempt's row and answers with its interaction instead of sending twice. 'sending' rows
-- are claims in flight; a failed send deletes its claim so the user can try again.
CREATE TABLE message_sends (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent')),
  interaction_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
) WITHOUT ROWID;
