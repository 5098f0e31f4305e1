-- Contact detail: score parts, dismissed duplicate pairs, messaging groups (common groups card).

-- The parts of each contact's relationship score, written in the same batch as
-- contacts.relationship_score so the badge's tooltip can explain it (worker/domain/scoring).
CREATE TABLE contact_scores (
  contact_id TEXT PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  recency REAL NOT NULL DEFAULT 0,
  frequency REAL NOT NULL DEFAULT 0,
  reciprocity REAL NOT NULL DEFAULT 0,
  breadth REAL NOT NULL DEFAULT 0,
  tenure REAL NOT NULL DEFAULT 0,
  score REAL NOT NULL DEFAULT 0,
  computed_at TEXT NOT NULL
) WITHOUT ROWID;

-- A pair the user said is not a duplicate; stored once with contact_a < contact_b.
CREATE TABLE duplicate_dismissals (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_a TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  contact_b TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, contact_a, contact_b)
) WITHOUT ROWID;
CREATE INDEX duplicate_dismissals_b ON duplicate_dismissals(user_id, contact_b);

-- Messaging-platform groups (Telegram) the user is in, and which contacts are members.
CREATE TABLE messaging_groups (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  external_id TEXT NOT NULL,
  title TEXT NOT NULL,
  member_count INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX messaging_groups_external ON messaging_groups(user_id, channel, external_id);

CREATE TABLE messaging_group_members (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id TEXT NOT NULL REFERENCES messaging_groups(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, contact_id)
) WITHOUT ROWID;
CREATE INDEX messaging_group_members_contact ON messaging_group_members(user_id, contact_id);

-- Follow-up generation looks for each contact's latest suggestion.
CREATE INDEX followups_contact_created ON followups(contact_id, created_at);
