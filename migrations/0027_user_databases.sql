-- Which D1 database holds a user's data (docs/decisions/015). A directory table: it lives in the
-- DB database with users, sessions and tokens. A user without a row lives in DB itself, so every
-- account made before sharding stays where it is. Written at sign-up when USER_DATABASES names
-- more than one database; removed with the user.
CREATE TABLE user_databases (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  database TEXT NOT NULL,
  assigned_at TEXT NOT NULL
);

-- The cron fan-outs page through one database's users at a time.
CREATE INDEX user_databases_by_database ON user_databases (database, user_id);
