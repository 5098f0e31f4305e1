-- Writes sent again with the same Idempotency-Key land once (issue 43, docs/decisions/045): a
-- note, a logged interaction, a contact's edit or a reminder queued on a phone offline may have
-- reached Kith before the connection dropped, and is sent again when the phone is back online.

-- One key of one user: what it was used for (`operation`: the write and the record it named),
-- a hash of that write's input (`fingerprint`: the same key with another input is refused), and
-- the first answer (`result`, JSON; NULL while the first request still runs). Kept 30 days.
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  operation TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  result TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);
-- The nightly sweep deletes the expired, oldest first, a page at a time.
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
