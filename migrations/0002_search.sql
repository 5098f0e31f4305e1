-- Contact search (SPEC §1 "Contact list behavior"): an FTS5 word-prefix index over the
-- fields the spec searches, one row per contact (rowid = contacts.rowid), kept in sync by
-- triggers. Columns are grouped by relevance tier so a query can ask "did a name word
-- match?" with a column filter. unicode61 + remove_diacritics folds case and accents.
-- PERFORMANCE.md: triggers fire only on the columns the index holds (a score refresh or a
-- tag change costs nothing here), and prefix indexes keep 1-3 character prefixes cheap.
CREATE VIRTUAL TABLE contacts_fts USING fts5(
  name,
  company,
  title,
  handles,
  emails,
  notes,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

-- Handles: telegram and twitter live on the contact row; the LinkedIn slug is an identifier.
CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes)
  VALUES (
    NEW.rowid,
    NEW.full_name,
    (SELECT name FROM organizations WHERE id = NEW.company_id),
    NEW.title,
    trim(coalesce(NEW.telegram_username, '') || ' ' || coalesce(NEW.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'linkedin'), '')),
    (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'email'),
    NEW.notes
  );
END;

CREATE TRIGGER contacts_fts_update AFTER UPDATE OF full_name, company_id, title, notes, telegram_username, twitter_handle ON contacts BEGIN
  UPDATE contacts_fts SET
    name = NEW.full_name,
    company = (SELECT name FROM organizations WHERE id = NEW.company_id),
    title = NEW.title,
    handles = trim(coalesce(NEW.telegram_username, '') || ' ' || coalesce(NEW.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'linkedin'), '')),
    notes = NEW.notes
  WHERE rowid = NEW.rowid;
END;

CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contacts_fts WHERE rowid = OLD.rowid;
END;

-- Emails and LinkedIn slugs are identifier rows. A bulk delete removes a contact's FTS row
-- first, so these updates then find nothing to rewrite and cost next to nothing.
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

CREATE TRIGGER organizations_fts_rename AFTER UPDATE OF name ON organizations BEGIN
  UPDATE contacts_fts SET company = NEW.name
  WHERE rowid IN (SELECT rowid FROM contacts WHERE user_id = NEW.user_id AND company_id = NEW.id);
END;

-- Contacts that exist before this migration.
INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes)
SELECT
  c.rowid,
  c.full_name,
  (SELECT name FROM organizations WHERE id = c.company_id),
  c.title,
  trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), '')),
  (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'email'),
  c.notes
FROM contacts c;

-- The count under the default "archived hidden" filter walks this index, not the table.
CREATE INDEX contacts_user_priority ON contacts(user_id, priority);
