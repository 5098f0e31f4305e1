-- Webhooks (issue 47, docs/decisions/030): HTTPS endpoints a user registers for events, the
-- deliveries made to them and each attempt of a delivery.

-- An endpoint. The secret signs every delivery (HMAC-SHA256); it is sealed with ENCRYPTION_KEY
-- (it must be read to sign, so it cannot be hashed) and shown once. After a rotation the
-- previous secret signs too, until previous_secret_until, so a receiver can switch without
-- refusing a delivery. change_cursor is the seq of the change log (0035) read up to for the
-- contact events; change_cursor_at the time of that change (what was created after it is new);
-- reminders_through the last local date whose due reminders were announced, reminders_scanned_at
-- when (a reminder added later for a day already announced is announced by its created_at).
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  description TEXT,
  -- A JSON array of event types ("contact.created", ...).
  events TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  secret_sealed TEXT NOT NULL,
  previous_secret_sealed TEXT,
  previous_secret_until TEXT,
  change_cursor INTEGER NOT NULL DEFAULT 0,
  change_cursor_at TEXT NOT NULL,
  reminders_through TEXT,
  reminders_scanned_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints(user_id, created_at, id);

-- One event for one endpoint. The body is fixed when the event happens (a retry sends the same
-- bytes, with a new timestamp and signature). status: pending (an attempt is due at
-- next_attempt_at), succeeded, failed (every attempt of its round failed; "Redeliver" starts a
-- new round). Bounded: the newest 200 per endpoint are kept (webhook-delivery-queries.ts).
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Attempts of the current round: the retry schedule counts these (a redelivery starts at 0).
  round_attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_status_code INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(user_id, endpoint_id, created_at, id);

-- Each attempt: the request headers sent (the body is the delivery's), the receiver's status
-- and the start of its answer, or why no answer came.
CREATE TABLE webhook_attempts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  request_headers TEXT NOT NULL,
  response_status INTEGER,
  response_body TEXT,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  attempted_at TEXT NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, attempted_at);
