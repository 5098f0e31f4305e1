-- What a token makes dies with it (issue 41, docs/decisions/050): a webhook registered with an
-- access token names that token, and revoking the token (or ending every way in) removes it.
-- NULL: registered in a signed-in browser, which outlives any token.
ALTER TABLE webhook_endpoints ADD COLUMN created_by_token_id TEXT;
