-- Birthdays and other yearly dates of a contact. Month and day drive "coming up" on Home;
-- the year is optional (many people share a birthday without the year).
CREATE TABLE contact_dates (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('birthday', 'anniversary', 'custom')),
  label TEXT,
  month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
  day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 31),
  year INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_dates_user_day ON contact_dates(user_id, month, day);
CREATE INDEX contact_dates_contact ON contact_dates(contact_id);
