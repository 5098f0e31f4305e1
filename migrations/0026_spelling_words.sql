-- The dictionary a misspelt search word is corrected against (issue 22): every word of each
-- user's contact and organization names, with how many of them hold it. spelling.ts reads the
-- words that share a typed word's first two letters: an index range of a few hundred rows. It
-- replaces a read of up to 2 000 rows of the search index, whose owner filter walked a doclist as
-- long as the user's whole network (~20 ms at 50 000 contacts).
--
-- Triggers keep it, so every way a name is written keeps it too: forms, the API, imports,
-- merges, enrichment and account deletion. The words are the folded names (contacts.name_sort,
-- organizations.name_norm: lower case, accents stripped) split at spaces and at the punctuation
-- names carry. SQLite has no split, so a name becomes a JSON array (name_words, a virtual
-- column) for json_each. A name that would not make valid JSON (a control character) has no
-- words rather than failing its write.

ALTER TABLE contacts ADD COLUMN name_words TEXT GENERATED ALWAYS AS (
  CASE WHEN json_valid('["' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name_sort, '\', ' '), '"', ' '), '-', ' '), '.', ' '), ',', ' '), '''', ' '), '(', ' '), ')', ' '), '/', ' '), '&', ' '), '_', ' '), '+', ' '), ' ', '","') || '"]')
    THEN '["' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name_sort, '\', ' '), '"', ' '), '-', ' '), '.', ' '), ',', ' '), '''', ' '), '(', ' '), ')', ' '), '/', ' '), '&', ' '), '_', ' '), '+', ' '), ' ', '","') || '"]'
    ELSE '[]' END
) VIRTUAL;

ALTER TABLE organizations ADD COLUMN name_words TEXT GENERATED ALWAYS AS (
  CASE WHEN json_valid('["' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name_norm, '\', ' '), '"', ' '), '-', ' '), '.', ' '), ',', ' '), '''', ' '), '(', ' '), ')', ' '), '/', ' '), '&', ' '), '_', ' '), '+', ' '), ' ', '","') || '"]')
    THEN '["' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name_norm, '\', ' '), '"', ' '), '-', ' '), '.', ' '), ',', ' '), '''', ' '), '(', ' '), ')', ' '), '/', ' '), '&', ' '), '_', ' '), '+', ' '), ' ', '","') || '"]'
    ELSE '[]' END
) VIRTUAL;

CREATE TABLE spelling_words (
  user_id TEXT NOT NULL,
  word TEXT NOT NULL,
  uses INTEGER NOT NULL,
  PRIMARY KEY (user_id, word)
) WITHOUT ROWID;

CREATE TRIGGER spelling_words_contact_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO spelling_words (user_id, word, uses)
  SELECT DISTINCT NEW.user_id, value, 1 FROM json_each(NEW.name_words) WHERE length(value) >= 2
  ON CONFLICT (user_id, word) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER spelling_words_contact_rename AFTER UPDATE OF name_sort ON contacts
WHEN OLD.name_words IS NOT NEW.name_words BEGIN
  UPDATE spelling_words SET uses = uses - 1
   WHERE user_id = OLD.user_id AND word IN (SELECT value FROM json_each(OLD.name_words));
  DELETE FROM spelling_words
   WHERE user_id = OLD.user_id AND uses <= 0 AND word IN (SELECT value FROM json_each(OLD.name_words));
  INSERT INTO spelling_words (user_id, word, uses)
  SELECT DISTINCT NEW.user_id, value, 1 FROM json_each(NEW.name_words) WHERE length(value) >= 2
  ON CONFLICT (user_id, word) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER spelling_words_contact_delete AFTER DELETE ON contacts BEGIN
  UPDATE spelling_words SET uses = uses - 1
   WHERE user_id = OLD.user_id AND word IN (SELECT value FROM json_each(OLD.name_words));
  DELETE FROM spelling_words
   WHERE user_id = OLD.user_id AND uses <= 0 AND word IN (SELECT value FROM json_each(OLD.name_words));
END;

CREATE TRIGGER spelling_words_organization_insert AFTER INSERT ON organizations BEGIN
  INSERT INTO spelling_words (user_id, word, uses)
  SELECT DISTINCT NEW.user_id, value, 1 FROM json_each(NEW.name_words) WHERE length(value) >= 2
  ON CONFLICT (user_id, word) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER spelling_words_organization_rename AFTER UPDATE OF name_norm ON organizations
WHEN OLD.name_words IS NOT NEW.name_words BEGIN
  UPDATE spelling_words SET uses = uses - 1
   WHERE user_id = OLD.user_id AND word IN (SELECT value FROM json_each(OLD.name_words));
  DELETE FROM spelling_words
   WHERE user_id = OLD.user_id AND uses <= 0 AND word IN (SELECT value FROM json_each(OLD.name_words));
  INSERT INTO spelling_words (user_id, word, uses)
  SELECT DISTINCT NEW.user_id, value, 1 FROM json_each(NEW.name_words) WHERE length(value) >= 2
  ON CONFLICT (user_id, word) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER spelling_words_organization_delete AFTER DELETE ON organizations BEGIN
  UPDATE spelling_words SET uses = uses - 1
   WHERE user_id = OLD.user_id AND word IN (SELECT value FROM json_each(OLD.name_words));
  DELETE FROM spelling_words
   WHERE user_id = OLD.user_id AND uses <= 0 AND word IN (SELECT value FROM json_each(OLD.name_words));
END;

-- The words of the names saved before.
INSERT INTO spelling_words (user_id, word, uses)
SELECT c.user_id, j.value, count(DISTINCT c.id) FROM contacts c, json_each(c.name_words) j
 WHERE length(j.value) >= 2 GROUP BY c.user_id, j.value
ON CONFLICT (user_id, word) DO UPDATE SET uses = uses + excluded.uses;

INSERT INTO spelling_words (user_id, word, uses)
SELECT o.user_id, j.value, count(DISTINCT o.id) FROM organizations o, json_each(o.name_words) j
 WHERE length(j.value) >= 2 GROUP BY o.user_id, j.value
ON CONFLICT (user_id, word) DO UPDATE SET uses = uses + excluded.uses;
