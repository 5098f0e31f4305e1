-- Account safety: password reset by email and optional TOTP two-factor authentication.
-- Every secret a user could present is stored as its SHA-256 (reset links, sign-in
-- challenges, recovery codes); the TOTP seed must be read back, so it is AES-GCM encrypted.

-- One row per emailed reset link; the id is the SHA-256 of the token in the link.
CREATE TABLE password_resets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX password_resets_user ON password_resets(user_id);

-- enabled_at is NULL while the user has not yet confirmed a first code.
-- last_used_step is the last accepted 30-second step, so a code cannot be replayed.
CREATE TABLE two_factor (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_encrypted TEXT NOT NULL,
  enabled_at TEXT,
  last_used_step INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (user_id, code_hash)
) WITHOUT ROWID;

-- A password that was right, waiting for the second factor. Never a session: nothing
-- but the two-factor step reads this table.
CREATE TABLE login_challenges (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_agent TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX login_challenges_user ON login_challenges(user_id);
