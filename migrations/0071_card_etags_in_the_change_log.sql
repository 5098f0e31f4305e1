-- The phone's address book keeps each card's ETag in its change-log row (issue 42, ADR 059).
-- The first read that renders a contact's card writes its ETag there; every change of the card
-- replaces the row (the triggers delete and insert), so a kept ETag is always the one of the
-- card as the log last saw it. Listing ETags (a PROPFIND, a sync-collection) then renders no card
-- whose ETag the log already knows.
ALTER TABLE contact_changes ADD COLUMN etag TEXT;

-- For that to hold, everything a contact's card says must enter the log. Two things did not:

-- 1. A card names the people it is linked to (RELATED, ADR 041): renaming the other contact,
--    or the lightweight person, changes the cards that name them.
CREATE TRIGGER contact_changes_linked_contact_rename AFTER UPDATE OF full_name ON contacts
  WHEN OLD.full_name IS NOT NEW.full_name
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (
    SELECT r.contact_id FROM relationships r WHERE r.user_id = NEW.user_id AND r.other_id = NEW.id AND r.other_type = 'contact');
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT DISTINCT c.user_id, c.id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      FROM relationships r JOIN contacts c ON c.id = r.contact_id
     WHERE r.user_id = NEW.user_id AND r.other_id = NEW.id AND r.other_type = 'contact';
END;

CREATE TRIGGER contact_changes_linked_person_rename AFTER UPDATE OF name ON people
  WHEN OLD.name IS NOT NEW.name
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (
    SELECT r.contact_id FROM relationships r WHERE r.user_id = NEW.user_id AND r.other_id = NEW.id AND r.other_type = 'person');
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT DISTINCT c.user_id, c.id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      FROM relationships r JOIN contacts c ON c.id = r.contact_id
     WHERE r.user_id = NEW.user_id AND r.other_id = NEW.id AND r.other_type = 'person';
END;

-- 2. The UID a phone gave a contact's card (dav_resources) is on the card. Organizations' rows
--    already log a change on insert (0067).
CREATE TRIGGER contact_changes_dav_resources_insert AFTER INSERT ON dav_resources WHEN NEW.kind = 'contact' BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_dav_resources_update AFTER UPDATE OF uid ON dav_resources
  WHEN NEW.kind = 'contact' AND OLD.uid IS NOT NEW.uid
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_dav_resources_delete AFTER DELETE ON dav_resources WHEN OLD.kind = 'contact' BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = OLD.contact_id;
END;
