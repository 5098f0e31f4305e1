-- A reminder that came from another app names its record there (issue 48, docs/decisions/057):
-- "<instance>:reminder:<id>" or "<instance>:task:<id>" for Monica. A re-import finds the
-- reminder again by it and updates its note and day instead of adding a second one. NULL for
-- reminders made in Kith.
ALTER TABLE reminders ADD COLUMN source_key TEXT;
CREATE UNIQUE INDEX reminders_source_key ON reminders(user_id, source_key) WHERE source_key IS NOT NULL;
