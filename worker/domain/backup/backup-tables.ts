import type { z } from 'zod';
import {
  contactRowSchema,
  dateRowSchema,
  duplicateDismissalRowSchema,
  followupRowSchema,
  identifierRowSchema,
  importFingerprintRowSchema,
  interactionRowSchema,
  fieldSourceRowSchema,
  keptCardLineRowSchema,
  lifeEventRowSchema,
  organizationRowSchema,
  personRowSchema,
  relationshipRowSchema,
  reminderRowSchema,
  settingsRowSchema,
  smartListRowSchema,
  tagRowSchema,
  type BackupSection,
} from './backup-format';

/**
 * What a full backup does with every table of an account, in one list (#40 item 8). The guard
 * tests/detail/backup-knows-every-table.test.ts reads the live schema: a table with a user_id
 * that is not declared here fails it, and so does a column of a kept table that is neither in
 * the file's row nor declared as left out, so a table or column added later cannot be missed
 * by the backup unseen.
 *
 * - kept: travels in `section`; `row` is the file's shape of a row (its keys are the table's
 *         columns), `notInFile` the table's other columns and why they stay behind.
 * - left: nothing of the table travels, and why (secrets, sign-in, derived or bookkeeping).
 */
export type BackupTableRule =
  { rule: 'kept'; section: BackupSection; row: z.ZodObject; notInFile: Record<string, string> } | { rule: 'left'; why: string };

const OWNER = 'the account restored into';
const SETTINGS = settingsRowSchema.shape;

export const BACKUP_TABLES: Record<string, BackupTableRule> = {
  users: {
    rule: 'kept',
    section: 'settings',
    row: settingsRowSchema.pick({ name: true, time_zone: true }),
    notInFile: {
      id: OWNER,
      email: 'the sign-in of the account restored into',
      password_hash: 'a secret',
      password_salt: 'a secret',
      created_at: OWNER,
      updated_at: OWNER,
    },
  },
  cadence_defaults: { rule: 'kept', section: 'settings', row: SETTINGS.cadence_defaults.element, notInFile: { user_id: OWNER } },
  keep_in_touch_settings: {
    rule: 'kept',
    section: 'settings',
    row: settingsRowSchema.pick({ weekly_digest: true }),
    notInFile: {
      user_id: OWNER,
      calendar_token_hash: 'the calendar feed’s secret address: a new account makes its own',
      calendar_token_created_at: 'belongs to the feed’s secret address',
      calendar_token_created_by: 'belongs to the feed’s secret address',
      digest_sent_on: 'when this account last sent its digest',
      digest_key: 'when this account last sent its digest',
      push_hour: 'the hour this account’s devices are notified: set again with notifications on a new device',
    },
  },
  telegram_settings: {
    rule: 'kept',
    section: 'settings',
    row: SETTINGS.telegram.unwrap(),
    notInFile: { user_id: OWNER, updated_at: 'set when restored' },
  },
  organizations: {
    rule: 'kept',
    section: 'organizations',
    row: organizationRowSchema.omit({ dav_card: true, dav_lines: true }),
    notInFile: { user_id: OWNER, name_norm: 'computed from the name', name_words: 'generated from the name' },
  },
  dav_organization_lines: {
    rule: 'kept',
    section: 'organizations',
    row: keptCardLineRowSchema,
    notInFile: { id: 'given anew with its organization', user_id: OWNER, organization_id: 'nested in its organization' },
  },
  people: { rule: 'kept', section: 'people', row: personRowSchema, notInFile: { user_id: OWNER } },
  contacts: {
    rule: 'kept',
    section: 'contacts',
    row: contactRowSchema.omit({ identifiers: true, tags: true, dates: true, dav_kept_properties: true, field_sources: true, photo: true }),
    notInFile: {
      user_id: OWNER,
      full_name: 'computed from the first and last name',
      name_sort: 'computed from the name',
      name_latin: 'computed from the name',
      name_words: 'generated from the name',
      bcc_token: 'the contact’s secret BCC address: the new account gives each contact its own',
      next_due: 'kept by triggers from the cadence and the last interaction',
    },
  },
  contact_identifiers: {
    rule: 'kept',
    section: 'contacts',
    row: identifierRowSchema,
    notInFile: { user_id: OWNER, contact_id: 'nested in its contact' },
  },
  contact_tags: {
    rule: 'kept',
    section: 'contacts',
    row: tagRowSchema,
    notInFile: { user_id: OWNER, contact_id: 'nested in its contact' },
  },
  contact_dates: {
    rule: 'kept',
    section: 'contacts',
    row: dateRowSchema,
    notInFile: { user_id: OWNER, contact_id: 'nested in its contact' },
  },
  dav_kept_properties: {
    rule: 'kept',
    section: 'contacts',
    row: keptCardLineRowSchema,
    notInFile: { id: 'given anew with its contact', user_id: OWNER, contact_id: 'nested in its contact' },
  },
  contact_field_sources: {
    rule: 'kept',
    section: 'contacts',
    row: fieldSourceRowSchema,
    notInFile: { id: 'given anew with its contact', user_id: OWNER, contact_id: 'nested in its contact' },
  },
  interactions: { rule: 'kept', section: 'interactions', row: interactionRowSchema, notInFile: { user_id: OWNER } },
  reminders: {
    rule: 'kept',
    section: 'reminders',
    row: reminderRowSchema,
    notInFile: { user_id: OWNER, source_key: 'the Monica record it came from: a restored reminder is no longer tied to a re-import' },
  },
  followups: { rule: 'kept', section: 'followups', row: followupRowSchema, notInFile: { user_id: OWNER } },
  relationships: { rule: 'kept', section: 'relationships', row: relationshipRowSchema, notInFile: { user_id: OWNER } },
  life_events: {
    rule: 'kept',
    section: 'life_events',
    row: lifeEventRowSchema,
    notInFile: { user_id: OWNER, import_id: 'the import that carried it: imports do not travel (its evidence does)' },
  },
  smart_lists: { rule: 'kept', section: 'smart_lists', row: smartListRowSchema, notInFile: { user_id: OWNER } },
  duplicate_dismissals: { rule: 'kept', section: 'duplicate_dismissals', row: duplicateDismissalRowSchema, notInFile: { user_id: OWNER } },
  import_fingerprints: { rule: 'kept', section: 'import_fingerprints', row: importFingerprintRowSchema, notInFile: { user_id: OWNER } },

  // ADR 066: bytes (up to 10 MB each) in a JSON Lines file would make it too big to restore in one upload (20 MB).
  contact_files: {
    rule: 'left',
    why: 'a contact’s photos and documents are bytes in R2, not rows: the backup stays a file that can be restored; download them from each contact’s Files card (README “Backup”), and a Monica re-import brings Monica’s again',
  },

  // Sign-in and secrets: never in a backup.
  sessions: { rule: 'left', why: 'sign-in: a secret of this account' },
  known_devices: { rule: 'left', why: 'sign-in: browsers that signed in to this account' },
  api_tokens: { rule: 'left', why: 'API tokens are secrets' },
  app_passwords: { rule: 'left', why: 'sync passwords are secrets: make one on each phone again' },
  oauth_grants: { rule: 'left', why: 'connected apps hold refresh tokens (secrets): connect each app again' },
  oauth_codes: { rule: 'left', why: 'authorization codes live a minute and are secrets' },
  passkeys: { rule: 'left', why: 'sign-in: a passkey is bound to this account; add it again in the new one' },
  passkey_challenges: { rule: 'left', why: 'sign-in in progress, minutes long' },
  dav_resources: {
    rule: 'left',
    why: 'the addresses a phone gave its cards: a contact’s card is named anew in the new account (its UID and X-KITH-ID name Kith’s new id); a company card’s name and UID travel nested in its organization (dav_card, ADR 059)',
  },
  life_event_reading: {
    rule: 'left',
    why: 'bookkeeping of the background reading of messages (its cursor and today’s model calls); the switch is on by default again',
  },
  idempotency_keys: {
    rule: 'left',
    why: 'answers of writes kept 30 days so a repeated write lands once; a restore writes everything anew',
  },
  push_subscriptions: { rule: 'left', why: 'devices’ notification subscriptions: each device turns notifications on again' },
  webhook_endpoints: { rule: 'left', why: 'signing secrets and outside addresses: register the endpoints again' },
  webhook_deliveries: { rule: 'left', why: 'the delivery log of endpoints that do not travel' },
  webhook_attempts: { rule: 'left', why: 'the delivery log of endpoints that do not travel' },
  password_resets: { rule: 'left', why: 'sign-in: reset links are secrets' },
  two_factor: { rule: 'left', why: 'the TOTP secret' },
  recovery_codes: { rule: 'left', why: 'two-factor recovery codes are secrets' },
  login_challenges: { rule: 'left', why: 'sign-in in progress' },
  channel_connections: { rule: 'left', why: 'channel credentials (OAuth tokens, sessions) are secrets: connect the channel again' },
  google_connections: { rule: 'left', why: 'Google OAuth tokens are secrets: connect Google again' },
  oauth_states: { rule: 'left', why: 'OAuth sign-ins in progress' },
  // Data of a channel connection, which comes back when the channel is connected again.
  telegram_peers: { rule: 'left', why: 'Telegram’s own ids for contacts, synced again when Telegram is connected' },
  messaging_groups: { rule: 'left', why: 'Telegram groups, synced again when Telegram is connected' },
  messaging_group_members: { rule: 'left', why: 'Telegram group members, synced again when Telegram is connected' },
  linkedin_outbox: { rule: 'left', why: 'messages waiting for this account’s LinkedIn extension to send them' },
  message_sends: { rule: 'left', why: 'idempotency keys of sends made from this account' },
  // Derived from the data that travels, or bookkeeping of this account.
  contact_scores: { rule: 'left', why: 'the relationship score’s parts, computed again (the score itself travels on the contact)' },
  contact_totals: { rule: 'left', why: 'counts kept by triggers' },
  tag_totals: { rule: 'left', why: 'counts kept by triggers' },
  contact_map_cells: { rule: 'left', why: 'the map’s counts, kept by triggers' },
  spelling_words: { rule: 'left', why: 'the spelling dictionary, kept by triggers from the names' },
  contact_tag_history: {
    rule: 'left',
    why: 'the tags this account’s contacts held, for its change feeds (ADR 044): kept by triggers as the restored tags arrive',
  },
  contact_changes: { rule: 'left', why: 'this account’s change log (ADR 021): the restored contacts enter the new account’s own' },
  contact_score_changes: {
    rule: 'left',
    why: 'this account’s log of moved scores (ADR 055): the restored contacts are scored in the new account',
  },
  contact_change_horizons: { rule: 'left', why: 'this account’s change log (ADR 021)' },
  duplicate_suggestions: { rule: 'left', why: 'suggestions computed again; the user’s dismissals travel' },
  contact_merges: {
    rule: 'left',
    why: 'Unmerge records of merges made in this account (ADR 020): the merged contacts travel as they are now',
  },
  contact_merge_interactions: { rule: 'left', why: 'Unmerge records of merges made in this account (ADR 020)' },
  contact_sync_state: { rule: 'left', why: 'a throttle on sync requests' },
  interaction_purges: { rule: 'left', why: 'deleted contacts whose timeline the purge job still removes' },
  imports: { rule: 'left', why: 'this account’s import history and progress' },
  backup_restored_ids: { rule: 'left', why: 'which backup records this account restored' },
  audit_log: { rule: 'left', why: 'this account’s security and activity log' },
  user_databases: { rule: 'left', why: 'which of this server’s databases holds the account' },
  dead_letters: { rule: 'left', why: 'failed queue jobs of this server' },
};
