-- Kith core schema. Every table holding user data carries user_id, and its indexes lead with it.
-- Timestamps are ISO-8601 UTC strings; ids are opaque random strings.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  password_salt TEXT NOT NULL,
  time_zone TEXT NOT NULL DEFAULT 'UTC',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The session id is the SHA-256 of the cookie value, so a leaked table grants no session.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_agent TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  token_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id, created_at);

-- Fixed-window counters for rate limits (login/signup per IP and email, API per user).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  name_norm TEXT NOT NULL,
  website TEXT,
  industry TEXT,
  location TEXT,
  logo_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX organizations_user_name ON organizations(user_id, name_norm);

CREATE TABLE contacts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_name TEXT,
  last_name TEXT,
  full_name TEXT NOT NULL DEFAULT '',
  -- lower-cased, accent-free full name: the key of the name sort
  name_sort TEXT NOT NULL DEFAULT '',
  company_id TEXT REFERENCES organizations(id) ON DELETE SET NULL,
  title TEXT,
  priority TEXT NOT NULL DEFAULT 'medium' CHECK (priority IN ('high', 'medium', 'low', 'archived')),
  notes TEXT,
  location TEXT,
  latitude REAL,
  longitude REAL,
  geocoded_location TEXT,
  geocoded_at TEXT,
  relationship_score REAL NOT NULL DEFAULT 0,
  avatar_url TEXT,
  telegram_username TEXT,
  twitter_handle TEXT,
  linkedin_url TEXT,
  bio_twitter TEXT,
  bio_telegram TEXT,
  bio_linkedin TEXT,
  source TEXT NOT NULL DEFAULT 'manual',
  bcc_token TEXT NOT NULL UNIQUE,
  connected_on TEXT,
  last_interaction_at TEXT,
  last_synced_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX contacts_user_score ON contacts(user_id, relationship_score DESC, id);
CREATE INDEX contacts_user_name ON contacts(user_id, name_sort, id);
CREATE INDEX contacts_user_created ON contacts(user_id, created_at, id);
CREATE INDEX contacts_user_last_interaction ON contacts(user_id, last_interaction_at, id);
CREATE INDEX contacts_user_company ON contacts(user_id, company_id);
CREATE INDEX contacts_user_geo ON contacts(user_id, latitude, longitude) WHERE latitude IS NOT NULL;

-- One row per email, phone, handle and LinkedIn slug. The UNIQUE constraint is the
-- duplicate rule itself: no check-then-insert race can create two owners.
CREATE TABLE contact_identifiers (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'phone', 'telegram', 'twitter', 'linkedin')),
  value_norm TEXT NOT NULL,
  value TEXT NOT NULL,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, kind, value_norm)
) WITHOUT ROWID;
CREATE INDEX contact_identifiers_contact ON contact_identifiers(contact_id, kind, position);

CREATE TABLE contact_tags (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  tag_norm TEXT NOT NULL,
  PRIMARY KEY (contact_id, tag_norm)
) WITHOUT ROWID;
CREATE INDEX contact_tags_user_tag ON contact_tags(user_id, tag_norm, contact_id);

CREATE TABLE interactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  channel TEXT,
  direction TEXT CHECK (direction IN ('in', 'out') OR direction IS NULL),
  subject TEXT,
  body TEXT,
  status TEXT,
  source TEXT NOT NULL DEFAULT 'manual',
  external_id TEXT,
  occurred_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX interactions_external ON interactions(user_id, source, external_id);
CREATE INDEX interactions_timeline ON interactions(user_id, contact_id, occurred_at DESC, id DESC);
CREATE INDEX interactions_contact ON interactions(contact_id);

CREATE TABLE followups (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'snoozed', 'dismissed', 'done')),
  due_at TEXT NOT NULL,
  snoozed_until TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX followups_user_status ON followups(user_id, status, due_at);
CREATE INDEX followups_contact ON followups(contact_id, status);

-- Shared by all users: a place name's coordinates are not personal data.
CREATE TABLE geocode_cache (
  query_norm TEXT PRIMARY KEY,
  latitude REAL,
  longitude REAL,
  provider TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE imports (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  total INTEGER NOT NULL DEFAULT 0,
  processed INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL DEFAULT 0,
  updated INTEGER NOT NULL DEFAULT 0,
  skipped INTEGER NOT NULL DEFAULT 0,
  errors TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX imports_user ON imports(user_id, created_at);

-- Destructive actions write what they removed here first (DESIGN: permanent, but audited).
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  subject_type TEXT NOT NULL,
  subject_id TEXT,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX audit_log_user ON audit_log(user_id, created_at);

-- Throttle of the per-contact background sync triggered by visiting a contact page.
CREATE TABLE contact_sync_state (
  contact_id TEXT PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  requested_at TEXT NOT NULL
) WITHOUT ROWID;
