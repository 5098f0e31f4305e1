-- The score log (0068, ADR 055) rewritten so a moved score updates its row in place (ADR 062).
-- 0068 deleted the contact's row and inserted a new one at the end of an AUTOINCREMENT, each
-- with two indexes and the sequence's own row: D1 counted 5 rows written per moved score, more
-- than the score itself (its contact row and two index entries, 3). Keyed by (user_id,
-- contact_id) without a rowid, with one index by seq, a move is an UPSERT of that row: 2.
-- seq is per user, the user's highest plus one: one seek of the index. Rows of deleted contacts
-- stay (nobody reads them: the contact's tombstone is the card log's), so a user's highest seq
-- never goes back and no cursor is ever given twice; the account's deletion takes them all.
DROP TRIGGER contact_score_changes_contacts_score;
DROP TRIGGER contact_score_changes_contacts_delete;
DROP TRIGGER contact_score_changes_users_delete;
DROP INDEX contact_score_changes_by_contact;
DROP INDEX contact_score_changes_by_seq;
ALTER TABLE contact_score_changes RENAME TO contact_score_changes_0068;

CREATE TABLE contact_score_changes (
  user_id TEXT NOT NULL,
  contact_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (user_id, contact_id)
) WITHOUT ROWID;
CREATE INDEX contact_score_changes_by_seq ON contact_score_changes (user_id, seq);
-- The rows keep their seq, so a cursor a browser holds stays good.
INSERT INTO contact_score_changes (user_id, contact_id, seq) SELECT user_id, contact_id, seq FROM contact_score_changes_0068;
DROP TABLE contact_score_changes_0068;

CREATE TRIGGER contact_score_changes_contacts_score AFTER UPDATE OF relationship_score ON contacts
  WHEN OLD.relationship_score IS NOT NEW.relationship_score BEGIN
  INSERT INTO contact_score_changes (user_id, contact_id, seq)
    VALUES (NEW.user_id, NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM contact_score_changes WHERE user_id = NEW.user_id))
    ON CONFLICT (user_id, contact_id) DO UPDATE SET seq = excluded.seq;
END;

CREATE TRIGGER contact_score_changes_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM contact_score_changes WHERE user_id = OLD.id;
END;
