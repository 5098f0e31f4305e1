-- One per-user change log of contacts (issue 49, docs/decisions/021): what changed for this user
-- since a cursor, read by the change feed (GET /api/v1/changes) and, later, by the phone's sync
-- tokens, the offline cache, the browser's search index and webhooks.
--
-- A contact has one row, its latest change: every change deletes the contact's row and inserts a
-- new one, whose seq (AUTOINCREMENT: never reused, even after the last row is deleted) is then the
-- highest. So "seq > cursor" finds every contact changed since the cursor, and the log holds one
-- row per live contact plus one tombstone per deleted or merged-away contact. Tombstones older
-- than the retention are swept nightly; contact_change_horizons keeps, per user, the highest seq
-- swept, and a cursor below it has lost deletions (410 cursor_expired: start again from nothing).
--
-- Triggers write it, as they keep contact_totals (0030), so every way a contact is written (forms,
-- the API, imports, syncs, merges, bulk actions, enrichment, the wand) is in the log in the same
-- transaction. Each trigger deletes then inserts rather than INSERT OR REPLACE: a trigger takes the
-- conflict policy of the statement that fired it, and an outer INSERT OR IGNORE would keep the old
-- row, and its old seq, where the change must move to the end.

CREATE TABLE contact_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  contact_id TEXT NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('upserted', 'deleted')),
  -- Set by a merge on the merged-away contact's tombstone: where its person went.
  merged_into TEXT,
  changed_at TEXT NOT NULL
);
CREATE UNIQUE INDEX contact_changes_by_contact ON contact_changes (user_id, contact_id);
CREATE INDEX contact_changes_by_seq ON contact_changes (user_id, seq);
CREATE INDEX contact_changes_tombstones ON contact_changes (changed_at) WHERE change = 'deleted';

CREATE TABLE contact_change_horizons (
  user_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER contact_changes_contacts_insert AFTER INSERT ON contacts BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at) VALUES (NEW.user_id, NEW.id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- What a contact says, not what Kith derives or keeps beside it: the nightly score refresh
-- (relationship_score), the geocoder's and syncs' bookkeeping (geocoded_location, geocoded_at,
-- last_synced_at), the sort keys derived from the name (name_sort, name_latin) and updated_at
-- change no card. tests/api/change-feed-columns.test.ts fails for a column in neither list.
CREATE TRIGGER contact_changes_contacts_update AFTER UPDATE ON contacts WHEN
  OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR
  OLD.full_name IS NOT NEW.full_name OR OLD.company_id IS NOT NEW.company_id OR OLD.title IS NOT NEW.title OR
  OLD.priority IS NOT NEW.priority OR OLD.notes IS NOT NEW.notes OR OLD.location IS NOT NEW.location OR
  OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude OR
  OLD.geocoded_place IS NOT NEW.geocoded_place OR OLD.avatar_url IS NOT NEW.avatar_url OR
  OLD.telegram_username IS NOT NEW.telegram_username OR OLD.twitter_handle IS NOT NEW.twitter_handle OR
  OLD.linkedin_url IS NOT NEW.linkedin_url OR OLD.bio_twitter IS NOT NEW.bio_twitter OR
  OLD.bio_telegram IS NOT NEW.bio_telegram OR OLD.bio_linkedin IS NOT NEW.bio_linkedin OR
  OLD.source IS NOT NEW.source OR OLD.bcc_token IS NOT NEW.bcc_token OR
  OLD.connected_on IS NOT NEW.connected_on OR OLD.last_interaction_at IS NOT NEW.last_interaction_at OR
  OLD.cadence_every IS NOT NEW.cadence_every OR OLD.cadence_unit IS NOT NEW.cadence_unit OR
  OLD.cadence_anchor IS NOT NEW.cadence_anchor OR
  OLD.cadence_snoozed_until IS NOT NEW.cadence_snoozed_until OR OLD.next_due IS NOT NEW.next_due
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at) VALUES (NEW.user_id, NEW.id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- No tombstone while the account itself is being deleted (its users row is gone by then).
CREATE TRIGGER contact_changes_contacts_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT OLD.user_id, OLD.id, 'deleted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id);
END;

CREATE TRIGGER contact_changes_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.id;
  DELETE FROM contact_change_horizons WHERE user_id = OLD.id;
END;

-- A renamed organization changes the card of everyone who works there.
CREATE TRIGGER contact_changes_organizations_rename AFTER UPDATE OF name ON organizations WHEN OLD.name IS NOT NEW.name BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id
    AND contact_id IN (SELECT id FROM contacts WHERE company_id = NEW.id AND user_id = NEW.user_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE company_id = NEW.id AND user_id = NEW.user_id;
END;

-- Identifiers, tags and dates are part of the card: a change to one is a change of its contact.
-- A row whose contact is gone (deleted in the same batch, or by the cascade) leaves the
-- contact's tombstone as it is.
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

CREATE TRIGGER contact_changes_contact_tags_insert AFTER INSERT ON contact_tags BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_contact_tags_delete AFTER DELETE ON contact_tags BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = OLD.contact_id;
END;

CREATE TRIGGER contact_changes_contact_tags_update AFTER UPDATE ON contact_tags BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (OLD.contact_id, NEW.contact_id)
    AND contact_id IN (SELECT id FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id));
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id);
END;

CREATE TRIGGER contact_changes_contact_dates_insert AFTER INSERT ON contact_dates BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_contact_dates_delete AFTER DELETE ON contact_dates BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = OLD.contact_id;
END;

CREATE TRIGGER contact_changes_contact_dates_update AFTER UPDATE ON contact_dates BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (OLD.contact_id, NEW.contact_id)
    AND contact_id IN (SELECT id FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id));
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id);
END;

-- The contacts saved before: each one's latest change is its last save.
INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
SELECT user_id, id, 'upserted', updated_at FROM contacts ORDER BY updated_at, id;
