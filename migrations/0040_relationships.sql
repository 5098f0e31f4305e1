-- Relationships between contacts, and lightweight people (issue 45, docs/decisions/024).

-- Someone a contact is related to who is not a contact (yet): "Bo's daughter Mia, 7".
-- Reached only through relationships; removed with the last link to them.
CREATE TABLE people (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX people_user_name ON people(user_id, name);

-- One row per side of a link (ADR 024): a link between two contacts is two rows that share
-- its id, written in one batch, each saying what the other is to its contact ("Ana: Bo is her
-- child" and "Bo: Ana is his parent"). A link to a person is one row, on the contact's side.
-- contact_id and other_id carry no foreign keys: a cascade from contacts would look rows up
-- by contact id alone, so every contact delete would scan this table (the indexes lead with
-- user_id). Deletes and merges remove and move the rows explicitly (contact-delete-queries.ts).
CREATE TABLE relationships (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  contact_id TEXT NOT NULL,
  other_id TEXT NOT NULL,
  other_type TEXT NOT NULL CHECK (other_type IN ('contact', 'person')),
  kind TEXT NOT NULL CHECK (kind IN ('partner', 'spouse', 'parent', 'child', 'sibling', 'relative', 'friend', 'colleague', 'manager', 'report', 'mentor', 'mentee', 'introducer', 'introduced', 'custom')),
  -- What the other is to this contact, for kind = 'custom' ("godfather"); '' otherwise.
  label TEXT NOT NULL DEFAULT '',
  note TEXT,
  -- Since when: YYYY, YYYY-MM or YYYY-MM-DD.
  since TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, id, contact_id),
  CHECK (other_id <> contact_id)
) WITHOUT ROWID;
-- A contact's links (its card, the "related to" filter, paths); the same link twice is refused.
CREATE UNIQUE INDEX relationships_contact ON relationships(user_id, contact_id, other_id, kind, label);
-- The rows that point at a contact or person (merge, delete).
CREATE INDEX relationships_other ON relationships(user_id, other_id);

-- "How we met" ("introduced by Cy at Web Summit 2024"), shown in the contact page's header.
ALTER TABLE contacts ADD COLUMN how_we_met TEXT;
