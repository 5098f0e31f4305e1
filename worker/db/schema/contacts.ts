// Contacts: the contact row, its identifiers (emails, phones, handles), its dates, its
// relationship score parts and each user's contact counts.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const contacts = sqliteTable('contacts', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  fullName: text('full_name').notNull(),
  nameSort: text('name_sort').notNull(),
  /** The folded name in Latin letters when it is written in another script (latin-name.ts), else null. */
  nameLatin: text('name_latin'),
  companyId: text('company_id'),
  title: text('title'),
  priority: text('priority', { enum: ['high', 'medium', 'low', 'archived'] }).notNull(),
  notes: text('notes'),
  location: text('location'),
  latitude: real('latitude'),
  longitude: real('longitude'),
  geocodedLocation: text('geocoded_location'),
  /** The place the geocoder named for the location ("Shibuya, Tokyo, Japan"), searched with it. */
  geocodedPlace: text('geocoded_place'),
  geocodedAt: text('geocoded_at'),
  relationshipScore: real('relationship_score').notNull(),
  avatarUrl: text('avatar_url'),
  telegramUsername: text('telegram_username'),
  twitterHandle: text('twitter_handle'),
  linkedinUrl: text('linkedin_url'),
  bioTwitter: text('bio_twitter'),
  bioTelegram: text('bio_telegram'),
  bioLinkedin: text('bio_linkedin'),
  source: text('source').notNull(),
  bccToken: text('bcc_token').notNull(),
  connectedOn: text('connected_on'),
  lastInteractionAt: text('last_interaction_at'),
  lastSyncedAt: text('last_synced_at'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  // added by migrations/0022_keep_in_touch.sql (next_due is kept by its triggers)
  cadenceEvery: integer('cadence_every'),
  cadenceUnit: text('cadence_unit', { enum: ['day', 'week', 'month'] }),
  cadenceAnchor: text('cadence_anchor'),
  cadenceSnoozedUntil: text('cadence_snoozed_until'),
  nextDue: text('next_due'),
  // added by migrations/0040_relationships.sql
  howWeMet: text('how_we_met'),
});

export const contactIdentifiers = sqliteTable(
  'contact_identifiers',
  {
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['email', 'phone', 'telegram', 'twitter', 'linkedin'] }).notNull(),
    valueNorm: text('value_norm').notNull(),
    value: text('value').notNull(),
    contactId: text('contact_id').notNull(),
    position: integer('position').notNull(),
  },
  // migrations/0047 (ADR 031): a phone may be on several contacts (a family landline, an office
  // line); every other kind is one contact's, by the partial unique index.
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.valueNorm, t.contactId] }),
    uniqueIndex('contact_identifiers_one_owner')
      .on(t.userId, t.kind, t.valueNorm)
      .where(sql`kind <> 'phone'`),
    index('contact_identifiers_contact').on(t.contactId, t.kind, t.position),
  ],
);

export const contactDates = sqliteTable('contact_dates', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  kind: text('kind', { enum: ['birthday', 'anniversary', 'custom'] }).notNull(),
  label: text('label'),
  month: integer('month').notNull(),
  day: integer('day').notNull(),
  year: integer('year'),
  createdAt: text('created_at').notNull(),
});

export const contactScores = sqliteTable('contact_scores', {
  contactId: text('contact_id').primaryKey(),
  userId: text('user_id').notNull(),
  recency: real('recency').notNull(),
  frequency: real('frequency').notNull(),
  reciprocity: real('reciprocity').notNull(),
  breadth: real('breadth').notNull(),
  tenure: real('tenure').notNull(),
  score: real('score').notNull(),
  computedAt: text('computed_at').notNull(),
});

/**
 * Each user's contact counts, kept by triggers on contacts (migrations/0030): the list's total
 * and the map's world count read one row instead of counting every contact. Written by SQLite only.
 */
export const contactTotals = sqliteTable('contact_totals', {
  userId: text('user_id').primaryKey(),
  contacts: integer('contacts').notNull(),
  archived: integer('archived').notNull(),
  placed: integer('placed').notNull(),
});

export type ContactRow = typeof contacts.$inferSelect;
export type IdentifierKind = (typeof contactIdentifiers.$inferSelect)['kind'];
