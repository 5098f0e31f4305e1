-- A company card of an address book (vCard ORG without a person's name, Apple's
-- X-ABShowAs:COMPANY) is imported as an organization: it keeps the card's phone, email and
-- note, which organizations had no place for. The import summary counts these organizations.
ALTER TABLE organizations ADD COLUMN phone TEXT;
ALTER TABLE organizations ADD COLUMN email TEXT;
ALTER TABLE organizations ADD COLUMN notes TEXT;
ALTER TABLE imports ADD COLUMN organizations INTEGER NOT NULL DEFAULT 0;
