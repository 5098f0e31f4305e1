-- Imports (issue 7): staged rows of an uploaded file, fingerprints of imported rows, the
-- connected Google account and OAuth state.

-- What the uploaded file was and how its columns map onto contact fields.
ALTER TABLE imports ADD COLUMN source TEXT NOT NULL DEFAULT 'csv';
ALTER TABLE imports ADD COLUMN file_name TEXT;
ALTER TABLE imports ADD COLUMN mapping TEXT NOT NULL DEFAULT '{}';
ALTER TABLE imports ADD COLUMN failed INTEGER NOT NULL DEFAULT 0;

-- The parsed rows of an upload waiting for the queue job. A chunk deletes its rows in the
-- same batch that writes its contacts, so a redelivered job never imports a row twice and a
-- failing chunk leaves earlier chunks in place.
CREATE TABLE import_rows (
  import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  row_number INTEGER NOT NULL,
  cells TEXT NOT NULL,
  PRIMARY KEY (import_id, row_number)
) WITHOUT ROWID;

-- One row per imported record (a hash of its mapped values): re-importing the same file
-- finds the contact again even when the record carries no email, phone or handle.
CREATE TABLE import_fingerprints (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  fingerprint TEXT NOT NULL,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, fingerprint)
) WITHOUT ROWID;
CREATE INDEX import_fingerprints_contact ON import_fingerprints(contact_id);

-- The user's connected Google account for Contacts sync. Tokens are AES-GCM encrypted
-- with ENCRYPTION_KEY ("iv.ciphertext", base64url).
CREATE TABLE google_connections (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  access_token_enc TEXT NOT NULL,
  refresh_token_enc TEXT,
  expires_at TEXT NOT NULL,
  scope TEXT NOT NULL DEFAULT '',
  sync_token TEXT,
  last_synced_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- OAuth 2.0 authorization requests in flight: state -> user and PKCE verifier, single use.
CREATE TABLE oauth_states (
  state TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX oauth_states_user ON oauth_states(user_id);
