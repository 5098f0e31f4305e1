-- The quarter-hour cron walks one channel's connected accounts a page at a time, by user id
-- (worker/jobs/fan-out.ts): with user_id in the index each page reads only its own rows.
DROP INDEX IF EXISTS channel_connections_channel;
CREATE INDEX channel_connections_channel ON channel_connections(channel, status, user_id);
