-- Browsers that signed in to an account before (docs/decisions/007, issue 41). The id is the
-- SHA-256 of the kith_device cookie, so a leaked table names no usable cookie. A known device
-- passes the slowdown that strangers' failures put on an address, keeps its own failure count
-- instead of its network's, and a sign-in from any other browser is a "new device" event.
-- Directory table, beside sessions; forgotten with every other way in (endEveryWayIn).
CREATE TABLE known_devices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_agent TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL
);
CREATE INDEX known_devices_user ON known_devices(user_id);
