-- Life events found in conversations by the language model (issue 46, docs/decisions/043).

-- Per user: whether Kith reads new messages for life events (NULL: the default, which is on
-- when a model is configured), how far the reading got (the last message read, by its
-- created_at and id), and how many model calls it made on `calls_day` (UTC), for the daily cap.
CREATE TABLE life_event_reading (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  read_messages INTEGER,
  cursor_at TEXT,
  cursor_id TEXT,
  calls_day TEXT,
  calls INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

-- The messages logged after the reading's cursor, in the order they were stored.
CREATE INDEX interactions_created ON interactions(user_id, created_at, id);
