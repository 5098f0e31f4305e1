-- ADR 011: identifiers are compared without invisible characters (zero-width space, non-joiner
-- and joiner, word joiner, BOM, soft hyphen), so "ada<U+200B>lovelace" is "adalovelace".
-- Re-normalise what was stored before. OR IGNORE: a row whose cleaned value another contact of
-- the user already holds keeps its old value (those two contacts are duplicates to merge).
UPDATE OR IGNORE contact_identifiers
SET value_norm = replace(replace(replace(replace(replace(replace(value_norm,
  char(8203), ''), char(8204), ''), char(8205), ''), char(8288), ''), char(65279), ''), char(173), '')
WHERE instr(value_norm, char(8203)) > 0 OR instr(value_norm, char(8204)) > 0 OR instr(value_norm, char(8205)) > 0
   OR instr(value_norm, char(8288)) > 0 OR instr(value_norm, char(65279)) > 0 OR instr(value_norm, char(173)) > 0;
