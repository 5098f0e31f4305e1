-- Passkeys (WebAuthn, docs/decisions/027): sign in without a password, or as the second
-- factor. Both tables live in the directory with the other ways in (sessions, two_factor):
-- a passwordless sign-in finds the credential before it knows the user.

-- One row per registered credential. credential_id and public_key are base64url (the COSE
-- key as the authenticator sent it); counter is the last signature counter seen (0 for
-- authenticators that keep none); transports is space-separated.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '',
  aaguid TEXT NOT NULL DEFAULT '',
  backed_up INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX passkeys_user ON passkeys(user_id, created_at, id);

-- A challenge handed to the browser, spent by the first response that carries it (deleted
-- then), refused after expires_at. purpose says which ceremony may spend it; user_id is null
-- for a passwordless sign-in (any account's passkey), email narrows it to one account when
-- typed, login_challenge_id ties a second-factor challenge to its password step.
CREATE TABLE passkey_challenges (
  id TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in', 'second_factor')),
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  email TEXT,
  login_challenge_id TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX passkey_challenges_user ON passkey_challenges(user_id);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges(expires_at);
