-- A name written in Cyrillic or Greek is found by its Latin spelling (issue 49, ADR 084): "ivan"
-- finds "Иван Петров", "giorgos" finds "Γιώργος Παπαδόπουλος", "soren" finds "Søren". The search
-- index's `name` column holds the full name and, when it has one, contacts.name_latin (0024,
-- written by worker/domain/contacts/latin-name.ts with every name), so the server's name tier and
-- the browser's local index (GET /search-index hands it name_latin) match the same words.
-- NULL name_latin (a name already in Latin letters) leaves the column as it was.
--
-- The two triggers on contacts that write the name are created again as 0047 left them, with
-- the name's Latin words; the update also follows a write of name_latin alone.

DROP TRIGGER contacts_fts_insert;
DROP TRIGGER contacts_fts_update;

CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes, places, tags, owner)
  VALUES (
    NEW.rowid,
    CASE WHEN NEW.name_latin IS NULL THEN NEW.full_name ELSE NEW.full_name || ' ' || NEW.name_latin END,
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

CREATE TRIGGER contacts_fts_update AFTER UPDATE OF full_name, name_latin, company_id, title, notes, telegram_username, twitter_handle, location, geocoded_place ON contacts BEGIN
  UPDATE contacts_fts SET
    name = CASE WHEN NEW.name_latin IS NULL THEN NEW.full_name ELSE NEW.full_name || ' ' || NEW.name_latin END,
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

-- The names saved before: only those with a Latin spelling (contacts_user_latin_name, 0024,
-- holds just them), each index row written once.
UPDATE contacts_fts SET name = (SELECT c.full_name || ' ' || c.name_latin FROM contacts c WHERE c.rowid = contacts_fts.rowid)
 WHERE rowid IN (SELECT rowid FROM contacts WHERE name_latin IS NOT NULL);
