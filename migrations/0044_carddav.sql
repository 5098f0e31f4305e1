-- The phone's address book through CardDAV (issue 42, docs/decisions/028).

-- Sync passwords ("app passwords"): one per device, usable only for DAV (the `dav` scope), shown
-- once and stored as a SHA-256 like api_tokens. Directory table, beside api_tokens: Basic auth
-- finds the account by the password's hash before it knows the user's database. Ended with
-- every other way in (endEveryWayIn) by a reset, "log out everywhere" and account deletion.
CREATE TABLE app_passwords (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The device it was made for ("Ada's iPhone"): the list, and the audit of its writes, name it.
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  password_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE UNIQUE INDEX app_passwords_hash ON app_passwords(password_hash);
CREATE INDEX app_passwords_user ON app_passwords(user_id, created_at);

-- A card's address in the address book when a phone chose it (a PUT to a new name creates the
-- contact there) and the UID the phone gave it; a contact without a row is `<id>.vcf` with
-- Kith's own UID. No foreign key to contacts: the row outlives its contact as long as the
-- contact's tombstone, so sync-collection can name the href a phone must drop.
CREATE TABLE dav_resources (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL,
  href TEXT NOT NULL,
  uid TEXT NOT NULL,
  PRIMARY KEY (user_id, contact_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX dav_resources_href ON dav_resources(user_id, href);

-- What a phone's card said that Kith does not model (IMPP, X-SOCIALPROFILE of other networks,
-- RELATED, custom labels...): each content line kept verbatim and written back in order, so a
-- round trip through the phone changes nothing. Part of the card: a change is a card change.
CREATE TABLE dav_kept_properties (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  line TEXT NOT NULL
);
CREATE INDEX dav_kept_properties_contact ON dav_kept_properties(contact_id, position);

CREATE TRIGGER contact_changes_dav_kept_properties_insert AFTER INSERT ON dav_kept_properties BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_dav_kept_properties_delete AFTER DELETE ON dav_kept_properties BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = OLD.contact_id;
END;

CREATE TRIGGER contact_changes_dav_kept_properties_update AFTER UPDATE ON dav_kept_properties BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (OLD.contact_id, NEW.contact_id)
    AND contact_id IN (SELECT id FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id));
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id);
END;
