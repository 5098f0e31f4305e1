import type { ColumnChoiceField } from './merge-choices';

/**
 * How a merge treats every table that refers to a contact, in one list (#40: a merge keeps
 * everything). tests/detail/merge-keeps-everything.test.ts reads the live schema and fails for a
 * table with a contact_id column or a foreign key to contacts that is not declared here, so a
 * table added later cannot be dropped by a merge unseen: declare it, and move it in
 * merge-move-queries.ts (and back in unmerge) when its rule is 'move' or 'unite'.
 *
 * - move:    the merged contact's rows are given to the survivor (UPDATE of the contact column).
 * - unite:   the survivor gets the rows it does not hold yet (same `kept` values); the rest are the same.
 * - pair:    rows naming two contacts: the merged one is replaced by the survivor, the pair of the two dropped.
 * - derived: computed from other data and computed again for the survivor (scores, throttles).
 * - cleared: bookkeeping about the deleted contact that no longer applies once its rows moved.
 * - stays:   rows about the merged contact's past that stay under its id, and why.
 * - tombstone: the change log (ADR 021), where the merged contact keeps one row: its tombstone,
 *            marked merged_into the survivor, so synced clients learn where the person went.
 *
 * `kept` names the columns that identify what a user would miss: the merge must leave a row
 * with those values on the survivor.
 */
export type MergeTableRule =
  | { rule: 'move' | 'unite'; contactColumn: 'contact_id'; kept: string[] }
  | { rule: 'pair'; contactColumns: ['contact_a', 'contact_b'] }
  | { rule: 'derived' | 'cleared' | 'stays'; why: string }
  | { rule: 'tombstone'; contactColumn: 'contact_id' };

export const MERGE_TABLES: Record<string, MergeTableRule> = {
  contact_identifiers: { rule: 'move', contactColumn: 'contact_id', kept: ['kind', 'value_norm', 'value'] },
  contact_tags: { rule: 'unite', contactColumn: 'contact_id', kept: ['tag_norm'] },
  // A birthday chosen away stays as a custom date labelled "Birthday (name)": month, day and year survive.
  contact_dates: { rule: 'move', contactColumn: 'contact_id', kept: ['month', 'day', 'year'] },
  reminders: { rule: 'move', contactColumn: 'contact_id', kept: ['id', 'kind', 'note', 'remind_on', 'due_on', 'status'] },
  // Only the oldest open suggestion stays open; the others are dismissed, not deleted.
  followups: { rule: 'move', contactColumn: 'contact_id', kept: ['id', 'reason', 'due_at'] },
  interactions: { rule: 'move', contactColumn: 'contact_id', kept: ['id', 'kind', 'body', 'occurred_at'] },
  linkedin_outbox: { rule: 'move', contactColumn: 'contact_id', kept: ['id', 'body', 'status'] },
  telegram_peers: { rule: 'move', contactColumn: 'contact_id', kept: ['peer_id', 'bio'] },
  // Links to the same other person and kind are one; a link between the two merged contacts goes.
  relationships: { rule: 'move', contactColumn: 'contact_id', kept: ['kind', 'label', 'other_id'] },
  // Found events keep their finding's key unless the survivor holds the same finding (then the key goes, the event stays).
  life_events: { rule: 'move', contactColumn: 'contact_id', kept: ['id', 'kind', 'summary', 'happened_on', 'status'] },
  // A contact's photos and documents (ADR 066): the rows move; the bytes stay under the same R2 key.
  contact_files: { rule: 'move', contactColumn: 'contact_id', kept: ['id', 'file_name', 'byte_size', 'r2_key'] },
  messaging_group_members: { rule: 'unite', contactColumn: 'contact_id', kept: ['group_id'] },
  import_fingerprints: { rule: 'move', contactColumn: 'contact_id', kept: ['fingerprint'] },
  message_sends: { rule: 'move', contactColumn: 'contact_id', kept: ['idempotency_key', 'channel', 'interaction_id'] },
  duplicate_suggestions: { rule: 'pair', contactColumns: ['contact_a', 'contact_b'] },
  duplicate_dismissals: { rule: 'pair', contactColumns: ['contact_a', 'contact_b'] },
  contact_scores: { rule: 'derived', why: 'the relationship score is computed again for the survivor after the merge' },
  contact_sync_state: { rule: 'derived', why: 'when a sync was last requested: a throttle, not data' },
  contact_changes: { rule: 'tombstone', contactColumn: 'contact_id' },
  contact_score_changes: {
    rule: 'derived',
    why: 'the log of moved scores (ADR 055, 062): the survivor is scored again; the merged contact’s row is read by no one',
  },
  // The survivor gains the merged contact's tags through contact_tags; the merged contact's own
  // stay, so a tag-limited token that saw it hears of its tombstone (ADR 044).
  contact_tag_history: { rule: 'stays', why: 'the tags the merged contact held, for its tombstone on the change feeds' },
  // A phone's card lines Kith does not model (IMPP, RELATED, ...): the survivor's card carries them too.
  dav_kept_properties: { rule: 'move', contactColumn: 'contact_id', kept: ['line'] },
  // Where each value came from (ADR 032): the merged contact's go with its values; the value the
  // survivor keeps finds its own source among both contacts' rows.
  contact_field_sources: {
    rule: 'move',
    contactColumn: 'contact_id',
    kept: ['id', 'field', 'value_key', 'source', 'source_ref', 'recorded_at'],
  },
  dav_resources: {
    rule: 'cleared',
    why: 'the href a phone gave the merged contact: kept while its tombstone tells the phone to drop that card',
  },
  interaction_purges: { rule: 'cleared', why: 'the merged contact’s interactions moved to the survivor, so none wait for the purge' },
};

/**
 * How a merge treats each column of `contacts` (the same guard reads the table's columns).
 * - choice:   shown in the preview; where both differ the user picks, the survivor's by default,
 *             and a blank value on the survivor takes the other's.
 * - united:   both kept (notes are joined).
 * - derived:  computed from other columns or rows (names' keys, score, due date, latest dates).
 * - survivor: the surviving record's own (its id, BCC address, origin); the merged contact's are
 *             in the merge record, and come back with it on Unmerge.
 */
export type MergeColumnRule = { choice: ColumnChoiceField } | 'united' | 'derived' | 'survivor';

export const MERGE_CONTACT_COLUMNS: Record<string, MergeColumnRule> = {
  id: 'survivor',
  user_id: 'survivor',
  first_name: { choice: 'name' },
  last_name: { choice: 'name' },
  full_name: 'derived',
  name_sort: 'derived',
  name_latin: 'derived',
  name_words: 'derived',
  company_id: { choice: 'company' },
  title: { choice: 'title' },
  priority: { choice: 'priority' },
  notes: 'united',
  location: { choice: 'location' },
  latitude: { choice: 'location' },
  longitude: { choice: 'location' },
  geocoded_location: { choice: 'location' },
  geocoded_place: { choice: 'location' },
  geocoded_at: { choice: 'location' },
  relationship_score: 'derived',
  avatar_url: { choice: 'photo' },
  telegram_username: { choice: 'telegram_username' },
  twitter_handle: { choice: 'twitter_handle' },
  linkedin_url: { choice: 'linkedin_url' },
  bio_twitter: { choice: 'bio_twitter' },
  bio_telegram: { choice: 'bio_telegram' },
  bio_linkedin: { choice: 'bio_linkedin' },
  source: 'survivor',
  bcc_token: 'survivor',
  connected_on: { choice: 'connected_on' },
  how_we_met: 'united',
  last_interaction_at: 'derived',
  last_synced_at: 'derived',
  created_at: 'survivor',
  updated_at: 'derived',
  cadence_every: { choice: 'cadence' },
  cadence_unit: { choice: 'cadence' },
  cadence_anchor: { choice: 'cadence' },
  cadence_snoozed_until: { choice: 'cadence' },
  next_due: 'derived',
};
