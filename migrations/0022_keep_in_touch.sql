-- Keep in touch (issue 20): cadences, reminders the user sets, conversations that count, the
-- calendar feed and the weekly digest.

-- A contact's own cadence ("every N days/weeks/months"). NULL: the default of its priority
-- (cadence_defaults), if any; cadence_every = 0: explicitly none, whatever the default.
ALTER TABLE contacts ADD COLUMN cadence_every INTEGER;
ALTER TABLE contacts ADD COLUMN cadence_unit TEXT CHECK (cadence_unit IN ('day', 'week', 'month') OR cadence_unit IS NULL);
-- The local date a cadence due was marked done or dismissed: the next one counts from it
-- when it is later than the last interaction.
ALTER TABLE contacts ADD COLUMN cadence_anchor TEXT;
-- The local date a cadence due was snoozed to: it is not due before then.
ALTER TABLE contacts ADD COLUMN cadence_snoozed_until TEXT;
-- The local date (YYYY-MM-DD, the user's time zone) the contact is next due; NULL without a
-- cadence or when archived. Kept by the triggers below, so every writer of the columns it
-- follows (syncs, imports, merges, bulk edits) keeps it right without knowing about it.
ALTER TABLE contacts ADD COLUMN next_due TEXT;
-- The list's "next due" sort: contacts with no due date last, in the index's own order.
CREATE INDEX contacts_user_next_due ON contacts(user_id, coalesce(next_due, '9999-12-31'), id);

-- A note marked as a conversation counts as contact (last interaction, score, cadence).
ALTER TABLE interactions ADD COLUMN conversation INTEGER NOT NULL DEFAULT 0;

-- Default cadence per priority, per user (none unless set).
CREATE TABLE cadence_defaults (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  priority TEXT NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
  every INTEGER NOT NULL CHECK (every > 0),
  unit TEXT NOT NULL CHECK (unit IN ('day', 'week', 'month')),
  PRIMARY KEY (user_id, priority)
) WITHOUT ROWID;

-- UTC offsets of each time zone from an instant on, written by the Worker from the runtime's
-- time zone data (worker/domain/keep-in-touch/zone-offsets.ts). SQLite has no time zones:
-- this is how a trigger finds the local date of an instant. Shared: not personal data.
CREATE TABLE time_zone_offsets (
  time_zone TEXT NOT NULL,
  from_utc TEXT NOT NULL,
  offset_minutes INTEGER NOT NULL,
  PRIMARY KEY (time_zone, from_utc)
) WITHOUT ROWID;

-- Reminders the user sets ("remind me on <date>", "follow up in 1 week" after logging).
-- due_on is the local date it shows on (moved by a snooze); remind_on the date first set.
CREATE TABLE reminders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('reminder', 'follow_up')),
  note TEXT,
  remind_on TEXT NOT NULL,
  due_on TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'snoozed', 'done', 'dismissed')),
  created_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX reminders_user_open ON reminders(user_id, status, due_on);
CREATE INDEX reminders_contact ON reminders(contact_id, status, due_on);

-- The calendar feed's secret (stored hashed) and the weekly digest's switch, per user.
CREATE TABLE keep_in_touch_settings (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  calendar_token_hash TEXT UNIQUE,
  calendar_token_created_at TEXT,
  weekly_digest INTEGER NOT NULL DEFAULT 0,
  digest_sent_on TEXT,
  -- The key the digest's unsubscribe links are signed with (HMAC), made at the first digest.
  digest_key TEXT
);
CREATE INDEX keep_in_touch_settings_digest ON keep_in_touch_settings(weekly_digest, digest_sent_on) WHERE weekly_digest = 1;

-- The two triggers share one body (SQLite has no INSERT OR UPDATE trigger). They run only for a
-- contact that has or had a due date, or whose priority has a default cadence: imports and syncs
-- of a user without cadences write no second row per contact.
-- next_due: the local date of the last interaction (or of the contact's creation), or the
-- anchor when later, plus the cadence; months add calendar months and clamp to the month's
-- end (Jan 31 + 1 month = Feb 28/29); a snooze later than that wins.
CREATE TRIGGER contacts_next_due_insert AFTER INSERT ON contacts
WHEN NEW.cadence_every IS NOT NULL OR NEW.next_due IS NOT NULL
  OR EXISTS (SELECT 1 FROM cadence_defaults d WHERE d.user_id = NEW.user_id AND d.priority = NEW.priority)
BEGIN
  UPDATE contacts SET next_due = (
    SELECT CASE
      WHEN NEW.priority = 'archived' OR k.every IS NULL OR k.every <= 0 OR k.unit IS NULL THEN NULL
      ELSE max(coalesce(NEW.cadence_snoozed_until, ''), CASE k.unit
        WHEN 'day' THEN date(k.base, '+' || k.every || ' days')
        WHEN 'week' THEN date(k.base, '+' || (k.every * 7) || ' days')
        ELSE min(
          date(k.base, 'start of month', '+' || k.every || ' months', '+' || (CAST(strftime('%d', k.base) AS INTEGER) - 1) || ' days'),
          date(k.base, 'start of month', '+' || (k.every + 1) || ' months', '-1 day'))
      END)
    END
    FROM (
      SELECT
        max(coalesce(NEW.cadence_anchor, ''), date(t.at, coalesce((
          SELECT o.offset_minutes FROM users u JOIN time_zone_offsets o ON o.time_zone = u.time_zone
          WHERE u.id = NEW.user_id AND o.from_utc <= t.at ORDER BY o.from_utc DESC LIMIT 1), 0) || ' minutes')) AS base,
        CASE WHEN NEW.cadence_every IS NOT NULL THEN NEW.cadence_every
          ELSE (SELECT d.every FROM cadence_defaults d WHERE d.user_id = NEW.user_id AND d.priority = NEW.priority) END AS every,
        CASE WHEN NEW.cadence_every IS NOT NULL THEN NEW.cadence_unit
          ELSE (SELECT d.unit FROM cadence_defaults d WHERE d.user_id = NEW.user_id AND d.priority = NEW.priority) END AS unit
      FROM (SELECT coalesce(NEW.last_interaction_at, NEW.created_at) AS at) t
    ) k)
  WHERE id = NEW.id;
END;

CREATE TRIGGER contacts_next_due_update AFTER UPDATE OF last_interaction_at, priority, cadence_every, cadence_unit, cadence_anchor, cadence_snoozed_until ON contacts
WHEN NEW.cadence_every IS NOT NULL OR NEW.next_due IS NOT NULL
  OR EXISTS (SELECT 1 FROM cadence_defaults d WHERE d.user_id = NEW.user_id AND d.priority = NEW.priority)
BEGIN
  UPDATE contacts SET next_due = (
    SELECT CASE
      WHEN NEW.priority = 'archived' OR k.every IS NULL OR k.every <= 0 OR k.unit IS NULL THEN NULL
      ELSE max(coalesce(NEW.cadence_snoozed_until, ''), CASE k.unit
        WHEN 'day' THEN date(k.base, '+' || k.every || ' days')
        WHEN 'week' THEN date(k.base, '+' || (k.every * 7) || ' days')
        ELSE min(
          date(k.base, 'start of month', '+' || k.every || ' months', '+' || (CAST(strftime('%d', k.base) AS INTEGER) - 1) || ' days'),
          date(k.base, 'start of month', '+' || (k.every + 1) || ' months', '-1 day'))
      END)
    END
    FROM (
      SELECT
        max(coalesce(NEW.cadence_anchor, ''), date(t.at, coalesce((
          SELECT o.offset_minutes FROM users u JOIN time_zone_offsets o ON o.time_zone = u.time_zone
          WHERE u.id = NEW.user_id AND o.from_utc <= t.at ORDER BY o.from_utc DESC LIMIT 1), 0) || ' minutes')) AS base,
        CASE WHEN NEW.cadence_every IS NOT NULL THEN NEW.cadence_every
          ELSE (SELECT d.every FROM cadence_defaults d WHERE d.user_id = NEW.user_id AND d.priority = NEW.priority) END AS every,
        CASE WHEN NEW.cadence_every IS NOT NULL THEN NEW.cadence_unit
          ELSE (SELECT d.unit FROM cadence_defaults d WHERE d.user_id = NEW.user_id AND d.priority = NEW.priority) END AS unit
      FROM (SELECT coalesce(NEW.last_interaction_at, NEW.created_at) AS at) t
    ) k)
  WHERE id = NEW.id;
END;
