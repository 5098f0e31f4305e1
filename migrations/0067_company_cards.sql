-- Company cards in the phone's address book as Kith's organizations (issue 42, docs/decisions/054,
-- proposed in 046). The address book syncs on the change log (ADR 021, 028); an organization
-- enters the same log, marked by `kind`, so one seq space gives the sync token, the horizon, the
-- sweep and the 507 paging for both. The log's other readers (GET /changes, the search index,
-- webhooks, the offline cache) read kind = 'contact' only.
ALTER TABLE contact_changes ADD COLUMN kind TEXT NOT NULL DEFAULT 'contact' CHECK (kind IN ('contact', 'organization'));

-- An organization's card names its href and UID like a contact's (no foreign key: it outlives the
-- organization as long as its tombstone).
ALTER TABLE dav_resources ADD COLUMN kind TEXT NOT NULL DEFAULT 'contact' CHECK (kind IN ('contact', 'organization'));

-- What a phone's company card said that Kith does not model (a second number, labels, social
-- profiles, an inline logo...), and the phone's own line for the phone, email, website and
-- address Kith keeps: written back in order, so a round trip through the phone changes nothing.
CREATE TABLE dav_organization_lines (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  line TEXT NOT NULL
);
CREATE INDEX dav_organization_lines_organization ON dav_organization_lines(organization_id, position);

-- Which organizations are cards (ADR 054): one with something to reach or say (phone, email,
-- website, place, notes), or one a phone wrote (it has a dav_resources row). Organizations Kith
-- made from a person's company line alone stay off the phone. The same rule is
-- worker/domain/dav/organization-card-queries.ts's ORGANIZATION_IS_CARD.
CREATE TRIGGER contact_changes_organizations_insert AFTER INSERT ON organizations
  WHEN NEW.phone IS NOT NULL OR NEW.email IS NOT NULL OR NEW.website IS NOT NULL OR NEW.location IS NOT NULL OR NEW.notes IS NOT NULL
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
    VALUES (NEW.user_id, NEW.id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization');
END;

-- What the card shows changed (industry, the name's fold and updated_at show nothing); an
-- organization that stops being a card gets a tombstone, one that becomes one an upsert.
CREATE TRIGGER contact_changes_organizations_update AFTER UPDATE ON organizations WHEN
  (OLD.name IS NOT NEW.name OR OLD.phone IS NOT NEW.phone OR OLD.email IS NOT NEW.email OR OLD.website IS NOT NEW.website OR
   OLD.location IS NOT NEW.location OR OLD.notes IS NOT NEW.notes OR OLD.logo_url IS NOT NEW.logo_url)
  AND (OLD.phone IS NOT NULL OR OLD.email IS NOT NULL OR OLD.website IS NOT NULL OR OLD.location IS NOT NULL OR OLD.notes IS NOT NULL OR
       NEW.phone IS NOT NULL OR NEW.email IS NOT NULL OR NEW.website IS NOT NULL OR NEW.location IS NOT NULL OR NEW.notes IS NOT NULL OR
       EXISTS (SELECT 1 FROM dav_resources r WHERE r.user_id = NEW.user_id AND r.contact_id = NEW.id))
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
    VALUES (NEW.user_id, NEW.id,
      CASE WHEN NEW.phone IS NOT NULL OR NEW.email IS NOT NULL OR NEW.website IS NOT NULL OR NEW.location IS NOT NULL OR NEW.notes IS NOT NULL OR
                EXISTS (SELECT 1 FROM dav_resources r WHERE r.user_id = NEW.user_id AND r.contact_id = NEW.id)
           THEN 'upserted' ELSE 'deleted' END,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization');
END;

-- A merged-away or deleted card's tombstone; none while the account itself is being deleted.
CREATE TRIGGER contact_changes_organizations_delete AFTER DELETE ON organizations
  WHEN OLD.phone IS NOT NULL OR OLD.email IS NOT NULL OR OLD.website IS NOT NULL OR OLD.location IS NOT NULL OR OLD.notes IS NOT NULL OR
       EXISTS (SELECT 1 FROM dav_resources r WHERE r.user_id = OLD.user_id AND r.contact_id = OLD.id)
BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
    SELECT OLD.user_id, OLD.id, 'deleted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization'
     WHERE EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id);
END;

-- A phone wrote the organization: it is a card from now on, whatever it holds.
CREATE TRIGGER contact_changes_dav_resources_organization AFTER INSERT ON dav_resources WHEN NEW.kind = 'organization' BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM organizations WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization' FROM organizations WHERE id = NEW.contact_id;
END;

-- The kept lines are part of the card: a change to them is a change of the organization's card.
CREATE TRIGGER contact_changes_dav_organization_lines_insert AFTER INSERT ON dav_organization_lines BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.organization_id
    AND EXISTS (SELECT 1 FROM organizations WHERE id = NEW.organization_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization' FROM organizations WHERE id = NEW.organization_id;
END;

CREATE TRIGGER contact_changes_dav_organization_lines_delete AFTER DELETE ON dav_organization_lines BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.organization_id
    AND EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization' FROM organizations WHERE id = OLD.organization_id;
END;

-- The organizations that are cards already enter the log once, so a phone's next sync brings them.
INSERT INTO contact_changes (user_id, contact_id, change, changed_at, kind)
  SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'organization' FROM organizations
   WHERE phone IS NOT NULL OR email IS NOT NULL OR website IS NOT NULL OR location IS NOT NULL OR notes IS NOT NULL
   ORDER BY user_id, created_at;
