-- Where each value of a contact came from (issue 40 item 3, docs/decisions/032): per field, the
-- source that gave the value the contact holds now (typed, a CSV import, LinkedIn, Google, the
-- enrichment provider, the AI wand, a phone through CardDAV, a restored backup) and when.
--
-- A row names the value it describes by `value_key` (a short hash of the value: the value itself
-- stays in its own column or table), so the source shown is always the current value's: a merge
-- moves the merged contact's rows to the survivor, and the value the user chose finds its own
-- source; Unmerge moves them back by id. Emails and phones have a row per value. A contact
-- written before this table has no rows, and its page says so rather than guessing.
--
-- Written in the same batch as the value (worker/domain/sources/), never a query per row.
CREATE TABLE contact_field_sources (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  field TEXT NOT NULL,
  value_key TEXT NOT NULL,
  source TEXT NOT NULL,
  -- The import's id, the phone's name, the enrichment provider: what the page names beside the kind.
  source_ref TEXT,
  recorded_at TEXT NOT NULL
);
CREATE INDEX contact_field_sources_contact ON contact_field_sources(contact_id, field);
