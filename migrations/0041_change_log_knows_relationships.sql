-- The change log (0035, ADR 021) learns what 0040 added to the card: "how we met", and a
-- contact's relationships (what the other is to them), so a synced phone or cache hears of both.

DROP TRIGGER contact_changes_contacts_update;
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
  OLD.cadence_snoozed_until IS NOT NEW.cadence_snoozed_until OR OLD.next_due IS NOT NEW.next_due OR
  OLD.how_we_met IS NOT NEW.how_we_met
BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.id;
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at) VALUES (NEW.user_id, NEW.id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

CREATE TRIGGER contact_changes_relationships_insert AFTER INSERT ON relationships BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id = NEW.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = NEW.contact_id;
END;

CREATE TRIGGER contact_changes_relationships_delete AFTER DELETE ON relationships BEGIN
  DELETE FROM contact_changes WHERE user_id = OLD.user_id AND contact_id = OLD.contact_id
    AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id);
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id = OLD.contact_id;
END;

CREATE TRIGGER contact_changes_relationships_update AFTER UPDATE ON relationships BEGIN
  DELETE FROM contact_changes WHERE user_id = NEW.user_id AND contact_id IN (OLD.contact_id, NEW.contact_id)
    AND contact_id IN (SELECT id FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id));
  INSERT INTO contact_changes (user_id, contact_id, change, changed_at)
    SELECT user_id, id, 'upserted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM contacts WHERE id IN (OLD.contact_id, NEW.contact_id);
END;
