-- Jobs the queue gave up on (the kith-jobs dead-letter queue), kept per user so Settings
-- can show them and offer a replay. One row per distinct message body: a job that dead-letters
-- again after a replay updates its row (attempts add up, last_seen_at moves).
CREATE TABLE dead_letters (
  id TEXT PRIMARY KEY,
  -- NULL for jobs that belong to no user (the nightly fan-outs); those are not shown.
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  fingerprint TEXT NOT NULL UNIQUE,
  job_type TEXT NOT NULL,
  body TEXT NOT NULL,
  error TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  first_seen_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX dead_letters_user ON dead_letters(user_id, last_seen_at);

-- Where a Google Contacts sync stands after its last saved chunk (page token, people done),
-- so a redelivered sync job resumes there instead of importing and counting pages twice.
ALTER TABLE imports ADD COLUMN resume TEXT;
