-- Life events on contacts, and the ones Kith found waiting for the user (issue 46, docs/decisions/036).

-- A dated event of a contact's life (a new job, a move, a wedding...), with where it came from
-- and its evidence: the exact sentence of a message, or a field's old and new values. A found
-- event is a proposal until the user accepts it; a dismissed one stays, so the same finding
-- is not proposed again (proposal_key), and is shown nowhere.
CREATE TABLE life_events (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('new_job', 'promotion', 'left_company', 'moved', 'graduated', 'engaged_married', 'new_child', 'birthday_milestone', 'company_news', 'published', 'custom')),
  summary TEXT NOT NULL,
  -- When it happened: YYYY, YYYY-MM or YYYY-MM-DD; NULL when nobody said.
  happened_on TEXT,
  -- 'MM-DD' of an event that comes back every year (a work anniversary, a wedding day); NULL otherwise.
  recurs_on TEXT,
  status TEXT NOT NULL DEFAULT 'accepted' CHECK (status IN ('proposed', 'accepted', 'dismissed')),
  source TEXT NOT NULL CHECK (source IN ('manual', 'enrichment', 'extension', 'import', 'google', 'message', 'bio')),
  -- The exact sentence it was read in, or the field change in words ("title: CTO → CEO").
  evidence TEXT,
  -- A field change's field and values (company, title, location).
  field TEXT,
  old_value TEXT,
  new_value TEXT,
  -- What carried it: the message (an interaction) or the import. No foreign keys: the evidence
  -- outlives a purged message as text.
  interaction_id TEXT,
  import_id TEXT,
  -- A found event's identity ("title:ceo", "message:<id>:<sentence hash>"): found twice, it is one row.
  proposal_key TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  decided_at TEXT
);
-- A contact's events by date (its Life section, the cascade of a contact delete).
CREATE INDEX life_events_contact ON life_events(contact_id, happened_on);
-- The What's new inbox (proposals) and this week's events across the network.
CREATE INDEX life_events_user_status ON life_events(user_id, status, created_at);
-- The yearly ones falling in the next days (Home, the calendar feed).
CREATE INDEX life_events_recurring ON life_events(user_id, recurs_on) WHERE recurs_on IS NOT NULL;
CREATE UNIQUE INDEX life_events_proposal ON life_events(user_id, contact_id, proposal_key) WHERE proposal_key IS NOT NULL;
