-- The name index carries the priority too (issue 25). A search's name-prefix shortcut first
-- asks whether at least 2 000 of the user's active contacts have a name starting with the query
-- ("m", "mar"): without the priority in the index, each of those 2 000 names cost a read of its
-- contact row to leave the archived out (4-6 ms at 250 000 contacts in node:sqlite). The list
-- sorted by name checks the priority of every name it walks the same way.

DROP INDEX contacts_user_name;
CREATE INDEX contacts_user_name ON contacts(user_id, name_sort, id, priority);
