// The phone's address book through CardDAV (migrations/0044, docs/decisions/028): sync
// passwords (directory), the hrefs and UIDs phones chose, and the card lines Kith keeps verbatim.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** One per device, usable only for DAV; stored as a SHA-256 of the password. Directory table. */
export const appPasswords = sqliteTable(
  'app_passwords',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordPrefix: text('password_prefix').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [uniqueIndex('app_passwords_hash').on(t.passwordHash), index('app_passwords_user').on(t.userId, t.createdAt)],
);

/** Where a phone put a card it created, and the UID it gave it; outlives the contact as long as its tombstone. */
export const davResources = sqliteTable(
  'dav_resources',
  {
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    href: text('href').notNull(),
    uid: text('uid').notNull(),
    // added by migrations/0067_company_cards.sql: a card of a contact or of an organization (ADR 054)
    kind: text('kind', { enum: ['contact', 'organization'] })
      .notNull()
      .default('contact'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] }), uniqueIndex('dav_resources_href').on(t.userId, t.href)],
);

/** A content line of a phone's card that Kith does not model, written back verbatim. */
export const davKeptProperties = sqliteTable(
  'dav_kept_properties',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    position: integer('position').notNull(),
    line: text('line').notNull(),
  },
  (t) => [index('dav_kept_properties_contact').on(t.contactId, t.position)],
);

/** A content line of a phone's company card (migrations/0067, ADR 054): Kith does not model it, or it is the phone's own line for a value Kith keeps. */
export const davOrganizationLines = sqliteTable(
  'dav_organization_lines',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    organizationId: text('organization_id').notNull(),
    position: integer('position').notNull(),
    line: text('line').notNull(),
  },
  (t) => [index('dav_organization_lines_organization').on(t.organizationId, t.position)],
);
