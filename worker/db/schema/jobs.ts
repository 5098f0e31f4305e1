// Jobs: what the queue's jobs keep about their own work: failed messages (dead letters), the
// places being geocoded, a contact's last sync request, and deleted contacts whose interactions
// are still to purge.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const deadLetters = sqliteTable('dead_letters', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  fingerprint: text('fingerprint').notNull(),
  jobType: text('job_type').notNull(),
  body: text('body').notNull(),
  error: text('error').notNull(),
  attempts: integer('attempts').notNull(),
  firstSeenAt: text('first_seen_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
});

/** Places a geocode_contacts job is asking the provider about (migrations/0029, ADR 016). */
export const geocodeClaims = sqliteTable('geocode_claims', {
  queryNorm: text('query_norm').primaryKey(),
  claimedBy: text('claimed_by').notNull(),
  claimedUntil: text('claimed_until').notNull(),
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
