-- Speed (issues #3, #5, #8): indexes chosen with EXPLAIN QUERY PLAN and timed on the bench
-- dataset (one user with 50 000 contacts, another with 100 000 geocoded ones). Figures are
-- engine time on that SQLite file, before -> after. SQLite has no statistics here, so each
-- index below is one the planner picks by its shape alone.

-- Contact list filters. The score index now carries the priority, so "archived hidden"
-- is checked inside the index: a score-range count reads 10 000 index entries instead of
-- 10 000 table rows (8 ms -> 0.5 ms), and the sort walks never touch the table.
DROP INDEX IF EXISTS contacts_user_score;
CREATE INDEX contacts_user_score ON contacts(user_id, relationship_score DESC, id, priority);

-- The priority index grows the other filter columns: the source filter's count walks the
-- index instead of every contact row (36 ms -> 3.4 ms), and priority + source + score range
-- (the combined filter) becomes one range (23 ms -> 1.3 ms). Its old use, the count under
-- the default "archived hidden" filter, is still a walk of this index alone.
DROP INDEX IF EXISTS contacts_user_priority;
CREATE INDEX contacts_user_priority ON contacts(user_id, priority, source, relationship_score, id);

-- Map clusters at zoom 4 and below group by a fixed 0.703125-degree grid cell. With the
-- cell as the index key the grouping streams in index order instead of sorting every
-- contact in a temporary b-tree: world view of 100 000 contacts 55-90 ms -> 17 ms.
-- worker/domain/map/map-clusters.ts (WORLD_CELL) must use this exact expression.
CREATE INDEX contacts_user_map_cell ON contacts(
  user_id,
  (CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER)),
  latitude,
  longitude,
  id
) WHERE latitude IS NOT NULL;

-- Deleting a contact makes SQLite look up each ON DELETE CASCADE child by contact id; a
-- child table without an index led by that column is scanned whole once per deleted
-- contact. These four were the ones left (their keys start with user_id or group_id).
CREATE INDEX IF NOT EXISTS duplicate_dismissals_contact_a ON duplicate_dismissals(contact_a);
CREATE INDEX IF NOT EXISTS duplicate_dismissals_contact_b ON duplicate_dismissals(contact_b);
CREATE INDEX IF NOT EXISTS messaging_group_members_contact_id ON messaging_group_members(contact_id);
CREATE INDEX IF NOT EXISTS message_sends_contact ON message_sends(contact_id);

-- Search. contacts_fts held every user's contacts with no owner, so a short prefix such as
-- "m" matched 38 000 rows of all users, and each was looked up in contacts only to be
-- thrown away by its user_id (30 ms of the 34 ms count). The index now has an `owner`
-- column: 'u' || hex(user_id), plus the token `archived` for archived contacts. Every
-- query starts with `{owner} : "u…"` (worker/domain/search/search-terms.ts), so FTS5 returns
-- only the user's rows, and a plain search is counted inside the index alone ("m": 30 ms ->
-- 1.5 ms; "quantum": 20 -> 1.2). Query words are column-filtered to the six content
-- columns, so they can never match an owner token. hex() keeps any user id one token.
DROP TRIGGER IF EXISTS contacts_fts_insert;
DROP TRIGGER IF EXISTS contacts_fts_update;
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
  owner,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

-- Handles: telegram and twitter live on the contact row; the LinkedIn slug is an identifier.
CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes, owner)
  VALUES (
    NEW.rowid,
    NEW.full_name,
    (SELECT name FROM organizations WHERE id = NEW.company_id),
    NEW.title,
    trim(coalesce(NEW.telegram_username, '') || ' ' || coalesce(NEW.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'linkedin'), '')),
    (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'email'),
    NEW.notes,
    'u' || lower(hex(NEW.user_id)) || CASE WHEN NEW.priority = 'archived' THEN ' archived' ELSE '' END
  );
END;

CREATE TRIGGER contacts_fts_update AFTER UPDATE OF full_name, company_id, title, notes, telegram_username, twitter_handle ON contacts BEGIN
  UPDATE contacts_fts SET
    name = NEW.full_name,
    company = (SELECT name FROM organizations WHERE id = NEW.company_id),
    title = NEW.title,
    handles = trim(coalesce(NEW.telegram_username, '') || ' ' || coalesce(NEW.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = NEW.id AND kind = 'linkedin'), '')),
    notes = NEW.notes,
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
INSERT INTO contacts_fts (rowid, name, company, title, handles, emails, notes, owner)
SELECT
  c.rowid,
  c.full_name,
  (SELECT name FROM organizations WHERE id = c.company_id),
  c.title,
  trim(coalesce(c.telegram_username, '') || ' ' || coalesce(c.twitter_handle, '') || ' ' ||
      coalesce((SELECT group_concat(value_norm, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'linkedin'), '')),
  (SELECT group_concat(value, ' ') FROM contact_identifiers WHERE contact_id = c.id AND kind = 'email'),
  c.notes,
  'u' || lower(hex(c.user_id)) || CASE WHEN c.priority = 'archived' THEN ' archived' ELSE '' END
FROM contacts c;

-- One segment per level instead of the many a bulk fill leaves: fewer doclists per query.
INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize');
