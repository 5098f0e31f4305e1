-- Deleting contacts no longer deletes their interactions in the same transaction (issue #3,
-- ADR 010). The contacts and everything that makes them findable go at once; their
-- interactions are purged right after by the `purge_interactions` job, in small batches.
-- Deleting 10 000 contacts spent most of its time in the interactions table: their rows are
-- spread over the whole table (synced in time order, across contacts), so one delete rewrote
-- nearly every page of it and of its indexes. Bench database, 10 000 contacts with 82 416
-- interactions: 4.5 s with them, 1.4 s without.

-- SQLite cannot drop a foreign key in place, so the table is rebuilt without the one on
-- contact_id (the one on user_id stays: deleting an account still takes everything).
-- D1 keeps foreign keys on; deferring them lets the rebuild pass through a moment where
-- linkedin_outbox points at a table that is being replaced.
PRAGMA defer_foreign_keys = true;

-- DROP TABLE runs an implicit DELETE, and ON DELETE CASCADE would empty linkedin_outbox
-- with it. Its rows are kept aside and put back.
CREATE TABLE linkedin_outbox_kept AS SELECT * FROM linkedin_outbox;

CREATE TABLE interactions_next (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- No foreign key: a deleted contact's interactions wait in interaction_purges for the job.
  -- Every read reaches interactions through a contact that exists (ADR 010); the triggers
  -- below keep a write from naming a contact that does not.
  contact_id TEXT NOT NULL,
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
INSERT INTO interactions_next (id, user_id, contact_id, kind, channel, direction, subject, body, status, source, external_id, occurred_at, created_at, updated_at)
  SELECT id, user_id, contact_id, kind, channel, direction, subject, body, status, source, external_id, occurred_at, created_at, updated_at FROM interactions;
DROP TABLE interactions;
ALTER TABLE interactions_next RENAME TO interactions;

CREATE UNIQUE INDEX interactions_external ON interactions(user_id, source, external_id);
CREATE INDEX interactions_timeline ON interactions(user_id, contact_id, occurred_at DESC, id DESC);
-- interactions_contact(contact_id) served only the foreign key's cascade; every query by
-- contact also names the user and walks interactions_timeline.

-- The insert half of the foreign key stays, as triggers: an interaction is written only for an
-- existing contact of the same user. Without it, a sync that found the contact a moment before
-- a delete or a merge committed would leave rows that no purge is waiting for.
CREATE TRIGGER interactions_contact_exists_insert BEFORE INSERT ON interactions
WHEN NOT EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id AND user_id = NEW.user_id)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: interactions.contact_id');
END;
CREATE TRIGGER interactions_contact_exists_update BEFORE UPDATE OF user_id, contact_id ON interactions
WHEN NOT EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id AND user_id = NEW.user_id)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: interactions.contact_id');
END;

DELETE FROM linkedin_outbox;
INSERT INTO linkedin_outbox SELECT * FROM linkedin_outbox_kept;
DROP TABLE linkedin_outbox_kept;

-- Contacts deleted whose interactions are still to be purged. Written in the same batch as
-- the delete, so a lost queue message only delays the purge: the cron sweeps what is left.
CREATE TABLE interaction_purges (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL,
  deleted_at TEXT NOT NULL,
  PRIMARY KEY (user_id, contact_id)
) WITHOUT ROWID;
