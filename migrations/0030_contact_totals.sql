-- How many contacts each user has, how many of them are archived, and how many are placed on
-- the map (issue 25). The contact list with no search and no filter shows every contact that
-- is not archived, with the total; counting them walked one index entry per contact (23 ms at
-- 250 000 contacts in node:sqlite, more than the list's whole budget inside the Worker). The map's
-- world view counted every placed contact the same way (50 ms at 500 000). Both now read a row.
--
-- Triggers keep it, so every way a contact is written keeps it too: forms, the API, imports,
-- merges, bulk actions and account deletion. A user's row goes with their last contact.

CREATE TABLE contact_totals (
  user_id TEXT PRIMARY KEY,
  contacts INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  placed INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER contact_totals_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contact_totals (user_id, contacts, archived, placed) VALUES (NEW.user_id, 1, NEW.priority = 'archived', NEW.latitude IS NOT NULL)
  ON CONFLICT (user_id) DO UPDATE SET contacts = contacts + 1, archived = archived + excluded.archived, placed = placed + excluded.placed;
END;

CREATE TRIGGER contact_totals_delete AFTER DELETE ON contacts BEGIN
  UPDATE contact_totals SET contacts = contacts - 1, archived = archived - (OLD.priority = 'archived'), placed = placed - (OLD.latitude IS NOT NULL)
   WHERE user_id = OLD.user_id;
  DELETE FROM contact_totals WHERE user_id = OLD.user_id AND contacts <= 0;
END;

-- Only a change into or out of the archive moves the totals; a save that rewrites the same
-- priority writes nothing here.
CREATE TRIGGER contact_totals_archive AFTER UPDATE OF priority ON contacts
WHEN (OLD.priority = 'archived') IS NOT (NEW.priority = 'archived') BEGIN
  UPDATE contact_totals SET archived = archived + (NEW.priority = 'archived') - (OLD.priority = 'archived') WHERE user_id = NEW.user_id;
END;

-- Placed is what the map counts: coordinates, whatever the priority (contacts_user_geo's rows).
CREATE TRIGGER contact_totals_place AFTER UPDATE OF latitude ON contacts
WHEN (OLD.latitude IS NULL) IS NOT (NEW.latitude IS NULL) BEGIN
  UPDATE contact_totals SET placed = placed + (NEW.latitude IS NOT NULL) - (OLD.latitude IS NOT NULL) WHERE user_id = NEW.user_id;
END;

-- The contacts saved before.
INSERT INTO contact_totals (user_id, contacts, archived, placed)
SELECT user_id, count(*), sum(priority = 'archived'), sum(latitude IS NOT NULL) FROM contacts GROUP BY user_id;
