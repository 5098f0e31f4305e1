// Drizzle view of migrations/*.sql. The SQL files are the source of truth for the
// database; this file mirrors them so queries are typed.
import { sql } from 'drizzle-orm';
import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  passwordSalt: text('password_salt').notNull(),
  timeZone: text('time_zone').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  userAgent: text('user_agent'),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
});

export const apiTokens = sqliteTable('api_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at'),
});

export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  nameNorm: text('name_norm').notNull(),
  website: text('website'),
  industry: text('industry'),
  location: text('location'),
  logoUrl: text('logo_url'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  // added by migrations/0019_company_cards.sql
  phone: text('phone'),
  email: text('email'),
  notes: text('notes'),
});

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

/**
 * Each user's placed contacts per world grid cell, kept by triggers on contacts (migrations/0031):
 * the map's world view reads a row per cell instead of every contact. Written by SQLite only.
 */
export const contactMapCells = sqliteTable(
  'contact_map_cells',
  {
    userId: text('user_id').notNull(),
    cell: integer('cell').notNull(),
    placed: integer('placed').notNull(),
    latitudeSum: real('latitude_sum').notNull(),
    longitudeSum: real('longitude_sum').notNull(),
    sampleId: text('sample_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cell] })],
);

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
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.valueNorm] })],
);

export const contactTags = sqliteTable(
  'contact_tags',
  {
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    tag: text('tag').notNull(),
    tagNorm: text('tag_norm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagNorm] })],
);

export const interactions = sqliteTable('interactions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  kind: text('kind').notNull(),
  channel: text('channel'),
  direction: text('direction', { enum: ['in', 'out'] }),
  subject: text('subject'),
  body: text('body'),
  status: text('status'),
  source: text('source').notNull(),
  externalId: text('external_id'),
  occurredAt: text('occurred_at').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  // added by migrations/0022_keep_in_touch.sql: a note the user marked as a conversation
  conversation: integer('conversation', { mode: 'boolean' })
    .notNull()
    .default(sql`0`),
});

export const followups = sqliteTable('followups', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  contactId: text('contact_id').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'snoozed', 'dismissed', 'done'] }).notNull(),
  dueAt: text('due_at').notNull(),
  snoozedUntil: text('snoozed_until'),
  createdAt: text('created_at').notNull(),
  resolvedAt: text('resolved_at'),
});

export const geocodeCache = sqliteTable('geocode_cache', {
  queryNorm: text('query_norm').primaryKey(),
  latitude: real('latitude'),
  longitude: real('longitude'),
  provider: text('provider').notNull(),
  placeName: text('place_name'),
  createdAt: text('created_at').notNull(),
});

/** Places a geocode_contacts job is asking the provider about (migrations/0029, ADR 016). */
export const geocodeClaims = sqliteTable('geocode_claims', {
  queryNorm: text('query_norm').primaryKey(),
  claimedBy: text('claimed_by').notNull(),
  claimedUntil: text('claimed_until').notNull(),
});

export const imports = sqliteTable('imports', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
  total: integer('total').notNull(),
  processed: integer('processed').notNull(),
  created: integer('created').notNull(),
  updated: integer('updated').notNull(),
  skipped: integer('skipped').notNull(),
  errors: text('errors').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  // added by migrations/0005_imports.sql
  source: text('source').notNull(),
  fileName: text('file_name'),
  mapping: text('mapping').notNull(),
  failed: integer('failed').notNull(),
  // added by migrations/0011_dead_letters.sql: where a Google Contacts sync resumes (JSON)
  resume: text('resume'),
  // added by migrations/0019_company_cards.sql: company cards imported as organizations
  organizations: integer('organizations').notNull(),
  // added by migrations/0021_import_warnings_and_duplicate_suggestions.sql (issue 19)
  warnings: text('warnings').notNull(),
  warned: integer('warned').notNull(),
});

export const auditLog = sqliteTable('audit_log', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id'),
  data: text('data').notNull(),
  createdAt: text('created_at').notNull(),
});

export const contactSyncState = sqliteTable('contact_sync_state', {
  contactId: text('contact_id').primaryKey(),
  userId: text('user_id').notNull(),
  requestedAt: text('requested_at').notNull(),
});

// Deleted contacts whose interactions the purge_interactions job has still to remove (ADR 010).
export const interactionPurges = sqliteTable(
  'interaction_purges',
  {
    userId: text('user_id').notNull(),
    contactId: text('contact_id').notNull(),
    deletedAt: text('deleted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] })],
);

export type UserRow = typeof users.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type InteractionRow = typeof interactions.$inferSelect;
export type IdentifierKind = (typeof contactIdentifiers.$inferSelect)['kind'];
