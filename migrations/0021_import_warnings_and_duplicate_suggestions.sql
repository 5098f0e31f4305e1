-- Issue 19. Imports report values they kept but could not read as per-row warnings, next to
-- the errors (rows not imported): up to MAX_REPORTED_WARNINGS of them, and the exact count
-- of rows that had any.
ALTER TABLE imports ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]';
ALTER TABLE imports ADD COLUMN warned INTEGER NOT NULL DEFAULT 0;

-- Two contacts an import or sync kept apart although they share an identifier (ADR 013: a
-- phone shared by two clearly different names). Shown as a possible duplicate on both until
-- merged or dismissed. Stored once per pair with contact_a < contact_b; `reason` in the
-- user's words ("same phone (+1 415 555 0100)").
CREATE TABLE duplicate_suggestions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_a TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  contact_b TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, contact_a, contact_b)
) WITHOUT ROWID;
CREATE INDEX duplicate_suggestions_b ON duplicate_suggestions(user_id, contact_b);
-- The cascade of a contact delete finds its rows by contact id (see 0013_speed.sql).
CREATE INDEX duplicate_suggestions_contact_a ON duplicate_suggestions(contact_a);
CREATE INDEX duplicate_suggestions_contact_b ON duplicate_suggestions(contact_b);
