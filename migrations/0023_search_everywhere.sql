-- Search finds what people type (issue 22): places, tags and company websites join the search
-- index. A contact's places are its location as written plus the place the geocoder named for
-- it ("Shibuya" -> "Shibuya, Tokyo, Japan"), so "Tokyo" and "Japan" find it. The geocoder's
-- name is kept per location string in geocode_cache and copied to the contact when its location
-- is settled. Phones are not indexed here: a phone query is matched against the digits of the
-- phone identifiers (worker/domain/search/phone-query.ts). Typos are corrected against the
-- index's own vocabulary (contacts_fts_terms) only when the exact search finds nothing.
--
-- FTS5 cannot add a column, so the index is built again with the same tokenizer, owner column
-- and triggers as 0013, plus `places` and `tags`; `company` also holds the organization's
-- website without its scheme and "www.".

ALTER TABLE geocode_cache ADD COLUMN place_name TEXT;
-- The offline geocoder names a city's region and country: their rows by country code.
CREATE INDEX gazetteer_areas ON gazetteer(country) WHERE kind <> 'city';
ALTER TABLE contacts ADD COLUMN geocoded_place TEXT;

DROP TRIGGER IF EXISTS contacts_fts_insert;
DROP TRIGGER IF EXISTS contacts_fts_update;
DROP TRIGGER IF EXISTS contacts_fts_archive;
DROP TRIGGER IF EXISTS contacts_fts_delete;
DROP TRIGGER IF EXISTS contact_identifiers_fts_insert;
DROP TRIGGER IF EXISTS contact_identifiers_fts_delete;
DROP TRIGGER IF EXISTS contact_identifiers_fts_move;
DROP TRIGGER IF EXISTS organizations_fts_rename;
DROP TABLE IF EXISTS contacts_fts;

CREATE VIRTUAL TABLE contacts_fts USING fts5(
  name,
  company,
  title,
  handles,
  emails,
  notes,
  places,
  tags,
  owner,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

-- Every distinct word of the index with the number of rows holding it, per column: the
-- dictionary a misspelt name is corrected against (worker/domain/search/spelling.ts).
CREATE VIRTUAL TABLE contacts_fts_terms USING fts5vocab(contacts_fts, 'col');

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

-- Only archiving and un-archiving rewrite the row: high <-> low costs nothing here.
CREATE TRIGGER contacts_fts_archive AFTER UPDATE OF priority ON contacts
WHEN (OLD.priority = 'archived') <> (NEW.priority = 'archived') BEGIN
  UPDATE contacts_fts SET owner = 'u' || lower(hex(NEW.user_id)) || CASE WHEN NEW.priority = 'archived' THEN ' archived' ELSE '' END
  WHERE rowid = NEW.rowid;
END;

CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contacts_fts WHERE rowid = OLD.rowid;
END;

-- Emails and LinkedIn slugs are identifier rows. A bulk delete removes a contact's FTS row
-- first (deleteContactStatements), so these updates then find nothing to rewrite.
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

-- A merge moves identifiers from one contact to another: refresh both.
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

-- Tags: every tagging, untagging and rename rewrites the contact's tag words.
CREATE TRIGGER contact_tags_fts_insert AFTER INSERT ON contact_tags BEGIN
  UPDATE contacts_fts SET tags = (SELECT group_concat(tag, ' ') FROM contact_tags WHERE contact_id = NEW.contact_id)
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = NEW.contact_id);
END;

CREATE TRIGGER contact_tags_fts_delete AFTER DELETE ON contact_tags BEGIN
  UPDATE contacts_fts SET tags = (SELECT group_concat(tag, ' ') FROM contact_tags WHERE contact_id = OLD.contact_id)
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = OLD.contact_id);
END;

CREATE TRIGGER contact_tags_fts_update AFTER UPDATE OF tag, contact_id ON contact_tags BEGIN
  UPDATE contacts_fts SET tags = (SELECT group_concat(tag, ' ') FROM contact_tags WHERE contact_id = OLD.contact_id)
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = OLD.contact_id);
  UPDATE contacts_fts SET tags = (SELECT group_concat(tag, ' ') FROM contact_tags WHERE contact_id = NEW.contact_id)
  WHERE rowid = (SELECT rowid FROM contacts WHERE id = NEW.contact_id);
END;

CREATE TRIGGER organizations_fts_rename AFTER UPDATE OF name, website ON organizations BEGIN
  UPDATE contacts_fts SET company = trim(NEW.name || ' ' || coalesce(replace(replace(replace(lower(NEW.website), 'https://', ''), 'http://', ''), 'www.', ''), ''))
  WHERE rowid IN (SELECT rowid FROM contacts WHERE user_id = NEW.user_id AND company_id = NEW.id);
END;

-- Contacts that exist before this migration.
INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes, places, tags, owner)
SELECT
  c.rowid,
  c.full_name,
  (SELECT trim(o.name || ' ' || coalesce(replace(replace(replace(lower(o.website), 'https://', ''), 'http://', ''), 'www.', ''), ''))
     FROM organizations o WHERE o.id = c.company_id),
  c.title,
  trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), '')),
  (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'email'),
  c.notes,
  trim(coalesce(c.location, '') || ' ' || coalesce(c.geocoded_place, '')),
  (SELECT group_concat(tag, ' ') FROM contact_tags WHERE contact_id = c.id),
  'u' || lower(hex(c.user_id)) || CASE WHEN c.priority = 'archived' THEN ' archived' ELSE '' END
FROM contacts c;

INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize');
