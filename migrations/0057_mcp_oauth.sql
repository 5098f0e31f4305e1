-- OAuth 2.1 for MCP clients (issue 47, docs/decisions/042). Directory tables, beside api_tokens:
-- /oauth/token and /mcp find a code, a refresh token or an access token by its hash before they
-- know the user's database. Every secret is stored as a SHA-256, like personal access tokens.

-- Clients registered by themselves (RFC 7591 dynamic registration): public clients (no secret),
-- registered before anyone signs in, so they belong to no user. A client is only a name and the
-- exact redirect URIs it may be sent back to; what it may do is in the user's grant.
CREATE TABLE oauth_clients (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- JSON array of absolute URIs, matched exactly.
  redirect_uris TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- A user's approval of a client ("connected app"): what the user allowed on the consent page and
-- the current refresh token. One per user and client: approving a client again replaces it.
-- Its access tokens are api_tokens rows carrying oauth_grant_id.
CREATE TABLE oauth_grants (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  scopes TEXT NOT NULL,
  contact_tags TEXT,
  hide_private INTEGER NOT NULL DEFAULT 0,
  tools TEXT,
  refresh_hash TEXT NOT NULL,
  -- The refresh token this one replaced: presented again, it means a copy leaked, and the grant ends.
  previous_refresh_hash TEXT,
  refresh_expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE UNIQUE INDEX oauth_grants_user_client ON oauth_grants(user_id, client_id);
CREATE UNIQUE INDEX oauth_grants_refresh ON oauth_grants(refresh_hash);
CREATE INDEX oauth_grants_previous_refresh ON oauth_grants(previous_refresh_hash);
CREATE INDEX oauth_grants_user ON oauth_grants(user_id, created_at);

-- Authorization codes: a minute long, used once. A used code keeps the grant it made, so the
-- same code presented again ends that grant (RFC 9700 §4.2.4's advice).
CREATE TABLE oauth_codes (
  code_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  scopes TEXT NOT NULL,
  contact_tags TEXT,
  hide_private INTEGER NOT NULL DEFAULT 0,
  tools TEXT,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  grant_id TEXT
);
CREATE INDEX oauth_codes_user ON oauth_codes(user_id, expires_at);

-- An access token given to a connected app: it dies with its grant, and after an hour.
ALTER TABLE api_tokens ADD COLUMN oauth_grant_id TEXT;
ALTER TABLE api_tokens ADD COLUMN expires_at TEXT;
CREATE INDEX api_tokens_oauth_grant ON api_tokens(oauth_grant_id);
