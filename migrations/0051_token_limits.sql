-- What a personal access token (or an agent's connection) may see beyond its scopes (issue 47,
-- docs/decisions/035). NULL or 0: no limit, so every token made before sees what it always saw.
-- contact_tags: a JSON array of normalized tags; the token sees only contacts holding one of them.
ALTER TABLE api_tokens ADD COLUMN contact_tags TEXT;
-- 1: never the contacts tagged "private", whatever else it may see.
ALTER TABLE api_tokens ADD COLUMN hide_private INTEGER NOT NULL DEFAULT 0;
-- Space-separated MCP tool names the token may call; NULL: every tool its scopes allow.
ALTER TABLE api_tokens ADD COLUMN tools TEXT;
