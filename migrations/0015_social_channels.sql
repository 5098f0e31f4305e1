-- Social channels (issue 9): LinkedIn through the browser extension, Telegram through a gateway.

-- LinkedIn messages the composer queued for the browser extension to send in LinkedIn's UI.
-- Each one is also an outbound interaction (status queued → sent | failed) on the timeline.
-- status: 'queued' (waiting), 'claimed' (an extension took it; lease_until says until when it
--         is its own: past that, the next claim takes it again), 'sent', 'failed'.
CREATE TABLE linkedin_outbox (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  interaction_id TEXT NOT NULL REFERENCES interactions(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'claimed', 'sent', 'failed')),
  lease_until TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- The claim takes the user's oldest queued (or lease-expired) messages.
CREATE INDEX linkedin_outbox_user_status ON linkedin_outbox(user_id, status, created_at);
-- Deleting or merging a contact (and deleting its interactions) finds their rows here; without
-- these, each ON DELETE CASCADE would scan the whole table once per deleted row.
CREATE INDEX linkedin_outbox_contact ON linkedin_outbox(contact_id);
CREATE INDEX linkedin_outbox_interaction ON linkedin_outbox(interaction_id);

-- Telegram: which Telegram user each synced contact is (a contact may have no @username),
-- the bio seen at the last sync (NULL: never read; a change logs a bio_change interaction),
-- the newest message id synced from the one-to-one chat, and whether the user ever exchanged
-- a direct message with them (group participants never messaged are tagged "2nd tier").
CREATE TABLE telegram_peers (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  peer_id TEXT NOT NULL,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  bio TEXT,
  last_message_id INTEGER NOT NULL DEFAULT 0,
  messaged_directly INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, peer_id)
) WITHOUT ROWID;
-- Contact ids are unique across users: one index serves the lookups and ON DELETE CASCADE.
CREATE INDEX telegram_peers_contact ON telegram_peers(contact_id);

-- Per-user Telegram options (Settings → Integrations → Telegram).
CREATE TABLE telegram_settings (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  tag_second_tier INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
