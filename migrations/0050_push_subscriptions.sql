-- Web Push (issue 43, docs/decisions/034): each device that turned notifications on, and the hour
-- of the user's day reminders arrive at.

-- A browser's push subscription (PushManager.subscribe): the push service's endpoint and the
-- keys its messages are encrypted to (RFC 8291). A way into the user's notifications, so every
-- way in ends with it (every-way-in.ts); dropped when the push service answers 404 or 410.
-- notified_on: the user's local date of the last reminders push, so one a day arrives however
-- often the job runs or is retried.
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  device TEXT NOT NULL,
  created_at TEXT NOT NULL,
  notified_on TEXT,
  last_sent_at TEXT
);
CREATE UNIQUE INDEX push_subscriptions_endpoint ON push_subscriptions(user_id, endpoint);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at, id);

-- The local hour (0-23, the user's time zone) due reminders are pushed at.
ALTER TABLE keep_in_touch_settings ADD COLUMN push_hour INTEGER NOT NULL DEFAULT 9;
