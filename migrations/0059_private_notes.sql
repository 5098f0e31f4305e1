-- Private notes (issue 47, docs/decisions/044): a note the user marked private is never shown to
-- an access token or connected app that carries the "never private" limit (api_tokens.hide_private,
-- migration 0051), wherever it reads interactions. Only notes are marked; every other interaction is 0.
ALTER TABLE interactions ADD COLUMN private INTEGER NOT NULL DEFAULT 0;

-- Limited tokens on the change feeds (ADR 044): every tag a contact has held, so a token limited
-- to some tags hears of a contact's deletion, or of its leaving the limit, only when it could once
-- have seen that contact. Written by triggers, as the change log is; swept with the tombstones.
CREATE TABLE contact_tag_history (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL,
  tag_norm TEXT NOT NULL,
  PRIMARY KEY (user_id, contact_id, tag_norm)
) WITHOUT ROWID;

CREATE TRIGGER contact_tag_history_insert AFTER INSERT ON contact_tags BEGIN
  INSERT OR IGNORE INTO contact_tag_history (user_id, contact_id, tag_norm) VALUES (NEW.user_id, NEW.contact_id, NEW.tag_norm);
END;

CREATE TRIGGER contact_tag_history_update AFTER UPDATE ON contact_tags BEGIN
  INSERT OR IGNORE INTO contact_tag_history (user_id, contact_id, tag_norm) VALUES (NEW.user_id, NEW.contact_id, NEW.tag_norm);
END;

INSERT OR IGNORE INTO contact_tag_history (user_id, contact_id, tag_norm) SELECT user_id, contact_id, tag_norm FROM contact_tags;
