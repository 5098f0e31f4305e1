-- A number two people share stays on both (issue 40, item 5; ADR 031). A family landline or an
-- office line is several people's: the key (user_id, kind, value_norm) let a phone be one
-- contact's only, so an import moved it to the second person's notes. The key now holds the
-- contact too, so a phone may be on several contacts; every other kind (emails, Telegram, X,
-- LinkedIn) keeps one contact per value through a partial UNIQUE index, which INSERT OR IGNORE
-- and the 409 duplicate_identifier still rely on. The key leads with the value, so a lookup by
-- value (imports, channels, duplicates) is still a range of the key; lookups by contact keep
-- contact_identifiers_contact.
--
-- SQLite cannot change a primary key: the table is built again (new table, copy, drop, rename)
-- and its index and triggers are created again exactly as 0035 and 0039 left them. The two
-- triggers on contacts that read this table (contacts_fts_insert/update, 0039) are dropped first
-- and created again last, as they were: SQLite refuses the rename while a trigger names a table
-- that is gone.

DROP TRIGGER contacts_fts_insert;
DROP TRIGGER contacts_fts_update;

CREATE TABLE contact_identifiers_new (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'phone', 'telegram', 'twitter', 'linkedin')),
  value_norm TEXT NOT NULL,
  value TEXT NOT NULL,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, kind, value_norm, contact_id)
) WITHOUT ROWID;

INSERT INTO contact_identifiers_new (user_id, kind, value_norm, value, contact_id, position)
  SELECT user_id, kind, value_norm, value, contact_id, position FROM contact_identifiers;

DROP TABLE contact_identifiers;
ALTER TABLE contact_identifiers_new RENAME TO contact_identifiers;

CREATE INDEX contact_identifiers_contact ON contact_identifiers(contact_id, kind, position);
-- One contact per value for every kind but phones (ADR 031).
CREATE UNIQUE INDEX contact_identifiers_one_owner ON contact_identifiers(user_id, kind, value_norm) WHERE kind <> 'phone';

-- The change log (0035): identifiers are part of the card.
CREATE TRIGGER contact_changes_contact_identifiers_insert AFTER INSERT ON contact_identifiers BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_contact_identifiers_delete AFTER DELETE ON contact_identifiers BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = OLD.contact_id;
END;

CREATE TRIGGER contact_changes_contact_identifiers_update AFTER UPDATE ON contact_identifiers BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (OLD.contact_id, NEW.contact_id)
    AND contact_id IN (SELECT id FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id));
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id);
END;

-- Search (0039): emails and LinkedIn slugs are in the contact's index row.
CREATE TRIGGER contact_identifiers_fts_insert AFTER INSERT ON contact_identifiers WHEN NEW.kind IN ('email', 'linkedin') BEGIN
  UPDATE contacts_fts SET
    handles = (SELECT trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), ''))
      FROM contacts c WHERE c.id = NEW.contact_id),
    emails = (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = NEW.contact_id AND kind = 'email')
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = NEW.contact_id);
END;

CREATE TRIGGER contact_identifiers_fts_delete AFTER DELETE ON contact_identifiers WHEN OLD.kind IN ('email', 'linkedin') BEGIN
  UPDATE contacts_fts SET
    handles = (SELECT trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), ''))
      FROM contacts c WHERE c.id = OLD.contact_id),
    emails = (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = OLD.contact_id AND kind = 'email')
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = OLD.contact_id);
END;

CREATE TRIGGER contact_identifiers_fts_move AFTER UPDATE OF contact_id, value, value_norm ON contact_identifiers WHEN NEW.kind IN ('email', 'linkedin') OR OLD.kind IN ('email', 'linkedin') BEGIN
  UPDATE contacts_fts SET
    handles = (SELECT trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), ''))
      FROM contacts c WHERE c.id = OLD.contact_id),
    emails = (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = OLD.contact_id AND kind = 'email')
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = OLD.contact_id);
  UPDATE contacts_fts SET
    handles = (SELECT trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), ''))
      FROM contacts c WHERE c.id = NEW.contact_id),
    emails = (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = NEW.contact_id AND kind = 'email')
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = NEW.contact_id);
END;

-- Search (0039): the triggers on contacts that read identifiers, as they were.
CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes, places, tags, owner)
  VALUES (
    NEW.rowid,
    NEW.full_name,
    (SELECT trim(o.name || ' ' || coalesce(replace(replace(replace(lower(o.website), 'https://', ''), 'http://', ''), 'www.', ''), ''))
       FROM organizations o WHERE o.id = NEW.company_id),
    NEW.title,
    trim(coalesce(NEW.telegram_username, '') || ' ' || coalesce(NEW.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'linkedin'), '')),
    (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'email'),
    NEW.notes,
    trim(coalesce(NEW.location, '') || ' ' || coalesce(NEW.geocoded_place, '')),
    (SELECT group_concat(tag, ' ') FROM contact_tags WHERE contact_id = NEW.id),
    'u' || lower(hex(NEW.user_id)) || CASE WHEN NEW.priority = 'archived' THEN ' archived' ELSE '' END
  );
END;

CREATE TRIGGER contacts_fts_update AFTER UPDATE OF full_name, company_id, title, notes, telegram_username, twitter_handle, location, geocoded_place ON contacts BEGIN
  UPDATE contacts_fts SET
    name = NEW.full_name,
    company = (SELECT trim(o.name || ' ' || coalesce(replace(replace(replace(lower(o.website), 'https://', ''), 'http://', ''), 'www.', ''), ''))
       FROM organizations o WHERE o.id = NEW.company_id),
    title = NEW.title,
    handles = trim(coalesce(NEW.telegram_username, '') || ' ' || coalesce(NEW.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'linkedin'), '')),
    notes = NEW.notes,
    places = trim(coalesce(NEW.location, '') || ' ' || coalesce(NEW.geocoded_place, '')),
    owner = 'u' || lower(hex(NEW.user_id)) || CASE WHEN NEW.priority = 'archived' THEN ' archived' ELSE '' END
  WHERE rowid = NEW.rowid;
END;
