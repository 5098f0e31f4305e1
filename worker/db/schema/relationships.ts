// Relationships between contacts, and the lightweight people a contact may be related to
// (migrations/0040, docs/decisions/024).
import { primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** What the other is to a contact (worker/domain/relationships/relationship-kinds.ts says each one's inverse). */
export const RELATIONSHIP_KINDS = [
  'partner',
  'spouse',
  'parent',
  'child',
  'sibling',
  'relative',
  'friend',
  'colleague',
  'manager',
  'report',
  'mentor',
  'mentee',
  'introducer',
  'introduced',
  'custom',
] as const;
export type RelationshipKind = (typeof RELATIONSHIP_KINDS)[number];

export const people = sqliteTable('people', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  note: text('note'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** One row per side of a link: what `otherId` is to `contactId`. Both sides of a link between contacts share its id. */
export const relationships = sqliteTable(
  'relationships',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    contactId: text('contact_id').notNull(),
    otherId: text('other_id').notNull(),
    otherType: text('other_type', { enum: ['contact', 'person'] }).notNull(),
    kind: text('kind', { enum: RELATIONSHIP_KINDS }).notNull(),
    label: text('label').notNull(),
    note: text('note'),
    since: text('since'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id, t.contactId] }),
    uniqueIndex('relationships_contact').on(t.userId, t.contactId, t.otherId, t.kind, t.label),
  ],
);

export type RelationshipRow = typeof relationships.$inferSelect;
export type PersonRow = typeof people.$inferSelect;
