-- What a merge needs to be reversed (Unmerge, #40 item 2; docs/decisions/020). One row per
-- merged-away contact; its id is the id of the merge's audit_log entry, which holds the merged
-- contact's snapshot (its row and every related row). Kept after the Unmerge, marked unmerged_at.
CREATE TABLE contact_merges (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- No foreign keys to contacts: the merged contact is deleted by the merge, and a record must
  -- outlive a later delete of the survivor (Unmerge then says why it cannot).
  survivor_id TEXT NOT NULL,
  merged_id TEXT NOT NULL,
  origin TEXT NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'auto')),
  -- JSON: the survivor's row, tags and groups before the merge, and the dates it dropped as copies.
  survivor_before TEXT NOT NULL,
  created_at TEXT NOT NULL,
  unmerged_at TEXT
);
CREATE INDEX contact_merges_survivor ON contact_merges(user_id, survivor_id, created_at);

-- The timeline entries a merge moved, by merge: thousands for a busy contact, too many for the
-- audit entry's JSON.
CREATE TABLE contact_merge_interactions (
  merge_id TEXT NOT NULL REFERENCES contact_merges(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  interaction_id TEXT NOT NULL,
  PRIMARY KEY (merge_id, interaction_id)
) WITHOUT ROWID;
