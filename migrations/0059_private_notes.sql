-- Private notes (issue 47, docs/decisions/044): a note the user marked private is never shown to
-- an access token or connected app that carries the "never private" limit (api_tokens.hide_private,
-- migration 0051), wherever it reads interactions. Only notes are marked; every other interaction is 0.
ALTER TABLE interactions ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
