-- Names in Cyrillic or Greek (and ß, ø, ł, æ…) spelled in Latin letters, so a duplicate written in
-- another script is found by an index (worker/domain/contacts/latin-name.ts writes it for new
-- and edited names; the UPDATEs below spell the names saved before, with the same table).
-- NULL when the name is already Latin, which keeps the index to the few that are not.
ALTER TABLE contacts ADD COLUMN name_latin TEXT;

UPDATE contacts SET name_latin = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(name_latin, name_sort), 'ου', 'ou'), 'а', 'a'), 'б', 'b'), 'в', 'v'), 'г', 'g'), 'д', 'd'), 'е', 'e'), 'ж', 'zh'), 'з', 'z'), 'и', 'i'), 'к', 'k'), 'л', 'l'), 'м', 'm'), 'н', 'n'), 'о', 'o'), 'п', 'p'), 'р', 'r'), 'с', 's'), 'т', 't'), 'у', 'u')
 WHERE name_sort GLOB '*[^ -~]*';

UPDATE contacts SET name_latin = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(name_latin, name_sort), 'ф', 'f'), 'х', 'kh'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'щ', 'shch'), 'ъ', ''), 'ы', 'y'), 'ь', ''), 'э', 'e'), 'ю', 'yu'), 'я', 'ya'), 'і', 'i'), 'є', 'ye'), 'ґ', 'g'), 'ђ', 'dj'), 'ј', 'j'), 'љ', 'lj'), 'њ', 'nj'), 'ћ', 'c')
 WHERE name_sort GLOB '*[^ -~]*';

UPDATE contacts SET name_latin = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(name_latin, name_sort), 'џ', 'dz'), 'ѕ', 'dz'), 'α', 'a'), 'β', 'v'), 'γ', 'g'), 'δ', 'd'), 'ε', 'e'), 'ζ', 'z'), 'η', 'i'), 'θ', 'th'), 'ι', 'i'), 'κ', 'k'), 'λ', 'l'), 'μ', 'm'), 'ν', 'n'), 'ξ', 'x'), 'ο', 'o'), 'π', 'p'), 'ρ', 'r'), 'σ', 's')
 WHERE name_sort GLOB '*[^ -~]*';

UPDATE contacts SET name_latin = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(name_latin, name_sort), 'ς', 's'), 'τ', 't'), 'υ', 'y'), 'φ', 'f'), 'χ', 'ch'), 'ψ', 'ps'), 'ω', 'o'), 'ß', 'ss'), 'æ', 'ae'), 'ø', 'o'), 'œ', 'oe'), 'ł', 'l'), 'đ', 'd'), 'þ', 'th'), 'ð', 'd'), 'ı', 'i')
 WHERE name_sort GLOB '*[^ -~]*';

UPDATE contacts SET name_latin = NULL WHERE name_latin = name_sort;

CREATE INDEX contacts_user_latin_name ON contacts(user_id, name_latin) WHERE name_latin IS NOT NULL;
