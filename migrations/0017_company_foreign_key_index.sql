-- Deleting an organization sets its contacts' company_id to NULL (ON DELETE SET NULL). SQLite
-- finds those contacts through an index whose first column is company_id, and
-- contacts_user_company(user_id, company_id) is not one: every organization deleted scanned the
-- whole contacts table. Deleting an account of 5 000 contacts and 500 organizations on the bench
-- database took 15.7 s; with this index 0.64 s. Reversing the columns keeps one b-tree: the
-- organization page's queries name both columns.
DROP INDEX IF EXISTS contacts_user_company;
CREATE INDEX contacts_company ON contacts(company_id, user_id);
