-- A full backup restored into an account (issue 40 item 8, docs/decisions/029): which record of
-- the backup became which row here. Every record of the file carries the id it had in the
-- account it came from (its source); a restore gives it a new id, and keeps the pair here in
-- the same batch as the row, so a second restore of the same file finds every record already
-- restored and changes nothing, and a restore stopped halfway resumes without duplicates.
CREATE TABLE backup_restored_ids (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The backup's section the record came from ('contacts', 'organizations', ...).
  kind TEXT NOT NULL,
  source_id TEXT NOT NULL,
  new_id TEXT NOT NULL,
  restored_at TEXT NOT NULL,
  PRIMARY KEY (user_id, kind, source_id)
) WITHOUT ROWID;
