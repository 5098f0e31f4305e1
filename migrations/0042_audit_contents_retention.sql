-- Deleted stays deleted (issue 41 item 4, docs/decisions/026): an audit record keeps who, when,
-- what kind and the name for good, and its contents (a deleted contact's row with its notes, a
-- merge's snapshot) only until the undo and unmerge windows close. The nightly sweep replaces
-- the contents with what an audit needs and stamps contents_dropped_at; a merge record loses the
-- survivor's row from before and its list of moved timeline entries, and can no longer be undone.
ALTER TABLE audit_log ADD COLUMN contents_dropped_at TEXT;
ALTER TABLE contact_merges ADD COLUMN contents_dropped_at TEXT;

-- The sweep's range: only records not swept yet, oldest first (swept ones leave the index).
CREATE INDEX audit_log_contents_kept ON audit_log(created_at) WHERE contents_dropped_at IS NULL;
