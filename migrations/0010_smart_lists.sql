-- Smart lists (issue 11): a user's saved filters of the contact list. `search` is the
-- canonical query string of the list state (q, tag, source, priority, score_min,
-- score_max, sort), exactly as the /contacts page writes it, so a click restores it.
CREATE TABLE smart_lists (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  name_norm TEXT NOT NULL,
  search TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- One name per user, compared case-insensitively; also the listing order.
CREATE UNIQUE INDEX smart_lists_user_name ON smart_lists(user_id, name_norm);
