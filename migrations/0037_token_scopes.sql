-- Personal access tokens get scopes (issue 41 item 3, issue 47; docs/decisions/023). A token
-- made before keeps what it could always do with contacts and their data, and loses the
-- account: the default below, space-separated as OAuth writes scopes.
ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'contacts:read contacts:write';

-- What a token creates that is itself a way in dies with it: a token minted by a token, and
-- the calendar feed a token asked for. NULL: made in a signed-in session.
ALTER TABLE api_tokens ADD COLUMN created_by_token_id TEXT;
CREATE INDEX api_tokens_created_by ON api_tokens(user_id, created_by_token_id);

ALTER TABLE keep_in_touch_settings ADD COLUMN calendar_token_created_by TEXT;
