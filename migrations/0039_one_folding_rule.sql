-- One folding rule (issue 40, item 4; worker/domain/folding.ts). Whole names in Cyrillic, Greek
-- and Devanagari found nothing: the app folded the query by stripping every mark after NFKD
-- ("Дмитрий" -> "дмитрии", "राहुल" -> "रहल") while the index kept "й" and "έ" and split
-- "राहुल" into "र", "ह", "ल" at its vowel signs, which the tokenizer took for separators.
-- The index's tokenizer now keeps marks inside words (categories M*), and the app folds the
-- query, the names' sort keys, organization names and so the spelling dictionary as the
-- tokenizer does.
--
-- FTS5 cannot change a table's tokenizer, so the index is built again with the same columns,
-- owner column and triggers as 0023.

DROP TRIGGER IF EXISTS contacts_fts_insert;
DROP TRIGGER IF EXISTS contacts_fts_update;
DROP TRIGGER IF EXISTS contacts_fts_archive;
DROP TRIGGER IF EXISTS contacts_fts_delete;
DROP TRIGGER IF EXISTS contact_identifiers_fts_insert;
DROP TRIGGER IF EXISTS contact_identifiers_fts_delete;
DROP TRIGGER IF EXISTS contact_identifiers_fts_move;
DROP TRIGGER IF EXISTS contact_tags_fts_insert;
DROP TRIGGER IF EXISTS contact_tags_fts_delete;
DROP TRIGGER IF EXISTS contact_tags_fts_update;
DROP TRIGGER IF EXISTS organizations_fts_rename;
DROP TABLE IF EXISTS contacts_fts_terms;
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
  tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
  prefix = '1 2 3'
);

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

-- Names saved before are folded again by the rule above. SQLite has no Unicode folding of its
-- own, but the tokenizer is one: with every character a token character, a whole name is one
-- token, folded exactly as worker/domain/folding.ts folds it (tests/guard/folding-rule.test.ts).
-- Only names with a character outside ASCII can fold differently. The spelling dictionary
-- follows name_sort and name_norm through its triggers (0026).
CREATE VIRTUAL TABLE name_folding USING fts5(text, tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M* P* S* Z* C*'");
CREATE VIRTUAL TABLE name_folding_terms USING fts5vocab(name_folding, 'instance');

INSERT INTO name_folding (rowid, text) SELECT rowid, full_name FROM contacts WHERE full_name GLOB '*[^ -~]*';
UPDATE contacts SET name_sort = trim(f.term)
  FROM name_folding_terms f
 WHERE contacts.rowid = f.doc AND contacts.name_sort IS NOT trim(f.term);

DELETE FROM name_folding;
INSERT INTO name_folding (rowid, text) SELECT rowid, name FROM organizations WHERE name GLOB '*[^ -~]*';
-- An organization whose new key another one holds already keeps its old key (they are one
-- company by the new rule; the lookup finds the other).
UPDATE OR IGNORE organizations SET name_norm = replace(replace(replace(trim(f.term), '    ', ' '), '  ', ' '), '  ', ' ')
  FROM name_folding_terms f
 WHERE organizations.rowid = f.doc AND organizations.name_norm IS NOT replace(replace(replace(trim(f.term), '    ', ' '), '  ', ' '), '  ', ' ');

DROP TABLE name_folding_terms;
DROP TABLE name_folding;
