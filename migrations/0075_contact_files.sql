-- A contact's files (#48, ADR 066): photos and documents a user uploads on the contact page or
-- an import brings (Monica's photos and documents). The bytes live in R2 (binding FILES) under
-- the user's own prefix, contact-files/<user_id>/<id>; this table says whose they are and what.
-- contact_id has no foreign key on purpose: a deleted contact's rows stay until the purge job
-- (the contact is in interaction_purges, ADR 010) has deleted their bytes from R2, so no object
-- is left behind without a row naming it. Reads go through the contact, so nobody sees them.
CREATE TABLE contact_files (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('photo', 'document')),
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  r2_key TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('upload', 'monica')),
  -- An import's own id for the file ("monica:<instance>:photo:12"): imported again, it is the same row.
  source_key TEXT,
  created_at TEXT NOT NULL
);
-- The contact's Files card and GET /contacts/{id}/files: newest first, paged.
CREATE INDEX contact_files_by_contact ON contact_files (user_id, contact_id, created_at, id);
CREATE UNIQUE INDEX contact_files_by_source ON contact_files (user_id, source_key) WHERE source_key IS NOT NULL;
