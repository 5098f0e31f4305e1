-- How many contacts carry each tag of a user, and how many of those are archived (issue 25).
-- The contact list's tag filter and the tag menu beside it counted the tag's rows on every
-- load: the menu grouped every tag row of the user (269 000 rows, 246 ms at 250 000 contacts in
-- node:sqlite), and a tag's total read its rows and the user's archived contacts against them
-- (11 ms for "investor"). Both now read a few rows of this table.
--
-- Triggers keep it, like contact_totals (0030), so every way a tag is written keeps it too.
-- A contact's tags and the contact itself may be written in either order (an import writes the
-- tags first, with foreign keys deferred; a delete may take the tags first or by cascade), so
-- each side counts the archived contact only when it can see the other:
-- - a tag row counts as archived when its contact is there and archived;
-- - a contact archived on insert, or deleted while archived, moves the tags it can see;
-- - the contact's delete moves its tags BEFORE the row goes, because the cascade that takes its
--   tags runs after the row is gone and before AFTER triggers, and sees neither.

CREATE TABLE tag_totals (
  user_id TEXT NOT NULL,
  tag_norm TEXT NOT NULL,
  contacts INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  PRIMARY KEY (user_id, tag_norm)
) WITHOUT ROWID;

CREATE TRIGGER tag_totals_tag AFTER INSERT ON contact_tags BEGIN
  INSERT INTO tag_totals (user_id, tag_norm, contacts, archived)
  VALUES (NEW.user_id, NEW.tag_norm, 1, coalesce((SELECT priority = 'archived' FROM contacts WHERE id = NEW.contact_id), 0))
  ON CONFLICT (user_id, tag_norm) DO UPDATE SET contacts = contacts + 1, archived = archived + excluded.archived;
END;

CREATE TRIGGER tag_totals_untag AFTER DELETE ON contact_tags BEGIN
  UPDATE tag_totals
     SET contacts = contacts - 1,
         archived = archived - coalesce((SELECT priority = 'archived' FROM contacts WHERE id = OLD.contact_id), 0)
   WHERE user_id = OLD.user_id AND tag_norm = OLD.tag_norm;
  DELETE FROM tag_totals WHERE user_id = OLD.user_id AND tag_norm = OLD.tag_norm AND contacts <= 0;
END;

-- No path moves a tag row today (a rename copies and removes); if one does, it moves the count.
CREATE TRIGGER tag_totals_retag AFTER UPDATE OF user_id, contact_id, tag_norm ON contact_tags BEGIN
  UPDATE tag_totals
     SET contacts = contacts - 1,
         archived = archived - coalesce((SELECT priority = 'archived' FROM contacts WHERE id = OLD.contact_id), 0)
   WHERE user_id = OLD.user_id AND tag_norm = OLD.tag_norm;
  DELETE FROM tag_totals WHERE user_id = OLD.user_id AND tag_norm = OLD.tag_norm AND contacts <= 0;
  INSERT INTO tag_totals (user_id, tag_norm, contacts, archived)
  VALUES (NEW.user_id, NEW.tag_norm, 1, coalesce((SELECT priority = 'archived' FROM contacts WHERE id = NEW.contact_id), 0))
  ON CONFLICT (user_id, tag_norm) DO UPDATE SET contacts = contacts + 1, archived = archived + excluded.archived;
END;

CREATE TRIGGER tag_totals_archived_contact AFTER INSERT ON contacts WHEN NEW.priority = 'archived' BEGIN
  UPDATE tag_totals SET archived = archived + 1
   WHERE user_id = NEW.user_id AND tag_norm IN (SELECT tag_norm FROM contact_tags WHERE contact_id = NEW.id);
END;

CREATE TRIGGER tag_totals_archive AFTER UPDATE OF priority ON contacts
WHEN (OLD.priority = 'archived') IS NOT (NEW.priority = 'archived') BEGIN
  UPDATE tag_totals SET archived = archived + (NEW.priority = 'archived') - (OLD.priority = 'archived')
   WHERE user_id = NEW.user_id AND tag_norm IN (SELECT tag_norm FROM contact_tags WHERE contact_id = NEW.id);
END;

CREATE TRIGGER tag_totals_archived_contact_delete BEFORE DELETE ON contacts WHEN OLD.priority = 'archived' BEGIN
  UPDATE tag_totals SET archived = archived - 1
   WHERE user_id = OLD.user_id AND tag_norm IN (SELECT tag_norm FROM contact_tags WHERE contact_id = OLD.id);
END;

-- The tags saved before.
INSERT INTO tag_totals (user_id, tag_norm, contacts, archived)
SELECT t.user_id, t.tag_norm, count(*), coalesce(sum(c.priority = 'archived'), 0)
  FROM contact_tags t LEFT JOIN contacts c ON c.id = t.contact_id
 GROUP BY t.user_id, t.tag_norm;
