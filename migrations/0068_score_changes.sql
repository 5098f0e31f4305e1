-- The scores the nightly refresh moves, for the browser's local search index (issue 49, ADR 055).
-- The change log (0035, ADR 021) leaves relationship_score out on purpose: a score is not a card,
-- and logging it there would send every phone and webhook each contact the night rescored. So
-- scores have a log of their own, kept the same way (one row per contact, its latest score change,
-- delete then insert so the change moves to the end), read only by GET /search-index/scores.
-- The refresh writes only the scores that moved (score-queries.ts), so this logs only those.
CREATE TABLE contact_score_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  contact_id TEXT NOT NULL
);
CREATE UNIQUE INDEX contact_score_changes_by_contact ON contact_score_changes (user_id, contact_id);
CREATE INDEX contact_score_changes_by_seq ON contact_score_changes (user_id, seq);

CREATE TRIGGER contact_score_changes_contacts_score AFTER UPDATE OF relationship_score ON contacts
  WHEN OLD.relationship_score IS NOT NEW.relationship_score BEGIN
  DELETE FROM contact_score_changes WHERE user_id = NEW.user_id AND contact_id = NEW.id;
  INSERT INTO contact_score_changes (user_id, contact_id) VALUES (NEW.user_id, NEW.id);
END;

-- A deleted contact's tombstone is the change log's; its score has nothing left to say.
CREATE TRIGGER contact_score_changes_contacts_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contact_score_changes WHERE user_id = OLD.user_id AND contact_id = OLD.id;
END;

CREATE TRIGGER contact_score_changes_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM contact_score_changes WHERE user_id = OLD.id;
END;
