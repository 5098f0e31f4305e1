import { z } from 'zod';
import { RELATIONSHIP_KINDS } from '../../db/schema';
import { LIFE_EVENT_KINDS, LIFE_EVENT_SOURCES, LIFE_EVENT_STATUSES } from '../life-events/life-event-kinds';

/**
 * The full backup file (issue 40 item 8, docs/decisions/029), version 1: JSON Lines, one JSON
 * object per line, so it streams out page by page and is read back line by line.
 *
 * - line 1, the header:  {"format":"kith-backup","version":1,"exported_at":"…"}
 * - then one record per line: {"section":"contacts","row":{…}}, each section's rows after the
 *   rows they refer to (organizations and people before contacts, contacts before their
 *   timeline, reminders, follow-ups, relationships, …). Every row keeps the id it has in the
 *   account it came from; a restore gives it a new one and remaps every reference.
 * - the last line, the trailer: {"end":true,"records":N}; a file without it was cut short.
 *
 * Each row holds the columns of its table named in the schemas below (database column names);
 * backup-tables.ts says, for every table of the account, whether it travels and why not.
 * A reader refuses a version it does not know.
 */
export const BACKUP_FORMAT = 'kith-backup';
export const BACKUP_VERSION = 1;

const text = z.string().max(200_000);
const opt = text.nullable();
const id = z.string().min(1).max(100);
const stamp = z.string().min(1).max(40);
const optStamp = stamp.nullable();
const int = z.number().int();

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: int.min(1),
  exported_at: stamp,
});

export const trailerSchema = z.object({ end: z.literal(true), records: int.min(0) });

export const settingsRowSchema = z.object({
  name: z.string().max(200),
  time_zone: z.string().max(64),
  weekly_digest: z.boolean(),
  cadence_defaults: z
    .array(z.object({ priority: z.enum(['high', 'medium', 'low']), every: int.min(1), unit: z.enum(['day', 'week', 'month']) }))
    .max(3),
  /** The Telegram channel's own setting: tag the contacts of the second tier (the connection itself does not travel). */
  telegram: z.object({ tag_second_tier: z.boolean() }).nullable(),
});

export const organizationRowSchema = z.object({
  id,
  name: z.string().min(1).max(500),
  website: opt,
  industry: opt,
  location: opt,
  logo_url: opt,
  phone: opt,
  email: opt,
  notes: opt,
  created_at: stamp,
  updated_at: stamp,
  /** A phone's company card (ADR 054, 059): the name and UID the phone gave it, so it comes back as the same card. */
  dav_card: z
    .object({ href: z.string().min(1).max(200), uid: z.string().min(1).max(2000) })
    .nullable()
    .default(null),
  /** Its lines Kith does not model (a second number, labels), verbatim and in order. */
  dav_lines: z
    .array(z.object({ position: int, line: z.string().max(20_000) }))
    .max(1000)
    .default([]),
});

export const personRowSchema = z.object({ id, name: z.string().min(1).max(500), note: opt, created_at: stamp, updated_at: stamp });

export const identifierRowSchema = z.object({
  kind: z.enum(['email', 'phone', 'telegram', 'twitter', 'linkedin']),
  value: z.string().min(1).max(2000),
  value_norm: z.string().min(1).max(2000),
  position: int,
});
export const tagRowSchema = z.object({ tag: z.string().min(1).max(500), tag_norm: z.string().min(1).max(500) });
export const dateRowSchema = z.object({
  id,
  kind: z.enum(['birthday', 'anniversary', 'custom']),
  label: opt,
  month: int.min(1).max(12),
  day: int.min(1).max(31),
  year: int.nullable(),
  created_at: stamp,
});
/** A line of a phone's card that Kith does not model, kept verbatim (CardDAV, migration 0044). */
export const keptCardLineRowSchema = z.object({ position: int, line: z.string().max(20_000) });
/** Where one of the contact's values came from (migration 0048, ADR 032). */
export const fieldSourceRowSchema = z.object({
  field: z.string().min(1).max(40),
  value_key: z.string().min(1).max(40),
  source: z.string().min(1).max(40),
  source_ref: z.string().max(200).nullable(),
  recorded_at: stamp,
});
/** A photo Kith kept itself (from a vCard), as data; a photo at a web address stays its avatar_url. */
export const photoSchema = z.object({
  content_type: z.string().regex(/^image\/(jpeg|png|gif|webp)$/, 'must be a JPEG, PNG, GIF or WebP image'),
  base64: z.string().max(700_000),
});

export const contactRowSchema = z.object({
  id,
  first_name: opt,
  last_name: opt,
  company_id: id.nullable(),
  title: opt,
  priority: z.enum(['high', 'medium', 'low', 'archived']),
  notes: opt,
  location: opt,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geocoded_location: opt,
  geocoded_place: opt,
  geocoded_at: optStamp,
  relationship_score: z.number(),
  avatar_url: opt,
  telegram_username: opt,
  twitter_handle: opt,
  linkedin_url: opt,
  bio_twitter: opt,
  bio_telegram: opt,
  bio_linkedin: opt,
  source: z.string().min(1).max(100),
  connected_on: optStamp,
  how_we_met: opt,
  last_interaction_at: optStamp,
  last_synced_at: optStamp,
  created_at: stamp,
  updated_at: stamp,
  cadence_every: int.min(1).nullable(),
  cadence_unit: z.enum(['day', 'week', 'month']).nullable(),
  cadence_anchor: optStamp,
  cadence_snoozed_until: optStamp,
  identifiers: z.array(identifierRowSchema).max(1000),
  tags: z.array(tagRowSchema).max(1000),
  dates: z.array(dateRowSchema).max(1000),
  dav_kept_properties: z.array(keptCardLineRowSchema).max(1000).default([]),
  field_sources: z.array(fieldSourceRowSchema).max(1000).default([]),
  photo: photoSchema.nullable(),
});

export const interactionRowSchema = z.object({
  id,
  contact_id: id,
  kind: z.string().min(1).max(100),
  channel: opt,
  direction: z.enum(['in', 'out']).nullable(),
  subject: opt,
  body: opt,
  status: opt,
  source: z.string().min(1).max(100),
  external_id: opt,
  occurred_at: stamp,
  created_at: stamp,
  updated_at: stamp,
  conversation: z.union([z.boolean(), int.min(0).max(1)]).transform((v) => (v ? 1 : 0)),
  // ADR 044; files made before private notes have none.
  private: z
    .union([z.boolean(), int.min(0).max(1)])
    .optional()
    .transform((v) => (v ? 1 : 0)),
});

export const reminderRowSchema = z.object({
  id,
  contact_id: id,
  kind: z.enum(['reminder', 'follow_up']),
  note: opt,
  remind_on: stamp,
  due_on: stamp,
  status: z.enum(['pending', 'snoozed', 'done', 'dismissed']),
  created_at: stamp,
  resolved_at: optStamp,
});

export const followupRowSchema = z.object({
  id,
  contact_id: id,
  reason: text,
  status: z.enum(['pending', 'snoozed', 'dismissed', 'done']),
  due_at: stamp,
  snoozed_until: optStamp,
  created_at: stamp,
  resolved_at: optStamp,
});

/** One side of a link: what other_id (a contact or a person of the backup) is to contact_id. */
export const relationshipRowSchema = z.object({
  id,
  contact_id: id,
  other_id: id,
  other_type: z.enum(['contact', 'person']),
  kind: z.enum(RELATIONSHIP_KINDS),
  label: z.string().max(500),
  note: opt,
  since: optStamp,
  created_at: stamp,
  updated_at: stamp,
});

/** A life event (ADR 036): typed, or found and accepted, proposed or dismissed, with its evidence. */
export const lifeEventRowSchema = z.object({
  id,
  contact_id: id,
  kind: z.enum(LIFE_EVENT_KINDS),
  summary: z.string().min(1).max(500),
  happened_on: optStamp,
  recurs_on: z
    .string()
    .regex(/^\d{2}-\d{2}$/)
    .nullable(),
  status: z.enum(LIFE_EVENT_STATUSES),
  source: z.enum(LIFE_EVENT_SOURCES),
  evidence: opt,
  field: opt,
  old_value: opt,
  new_value: opt,
  /** The message it was read in: an interaction of the backup, or null. */
  interaction_id: id.nullable(),
  proposal_key: opt,
  created_at: stamp,
  updated_at: stamp,
  decided_at: optStamp,
});

export const smartListRowSchema = z.object({
  id,
  name: z.string().min(1).max(500),
  name_norm: z.string().min(1).max(500),
  search: z.string().max(20_000),
  created_at: stamp,
  updated_at: stamp,
});

/** Two contacts the user said are not the same person. */
export const duplicateDismissalRowSchema = z.object({ contact_a: id, contact_b: id, created_at: stamp });

/** An imported row's fingerprint: a later import of the same file finds the contact again. */
export const importFingerprintRowSchema = z.object({ fingerprint: z.string().min(1).max(200), contact_id: id });

/** The sections of a backup, in the order a file holds them (a section refers only to those before it). */
export const BACKUP_SECTIONS = {
  settings: settingsRowSchema,
  organizations: organizationRowSchema,
  people: personRowSchema,
  contacts: contactRowSchema,
  interactions: interactionRowSchema,
  reminders: reminderRowSchema,
  followups: followupRowSchema,
  relationships: relationshipRowSchema,
  life_events: lifeEventRowSchema,
  smart_lists: smartListRowSchema,
  duplicate_dismissals: duplicateDismissalRowSchema,
  import_fingerprints: importFingerprintRowSchema,
} as const;
export type BackupSection = keyof typeof BACKUP_SECTIONS;
export type BackupRow<S extends BackupSection> = z.infer<(typeof BACKUP_SECTIONS)[S]>;

/** One record line of the file. */
export const recordLineSchema = z.discriminatedUnion(
  'section',
  Object.entries(BACKUP_SECTIONS).map(([section, row]) => z.object({ section: z.literal(section as BackupSection), row })) as unknown as [
    z.ZodObject<{ section: z.ZodLiteral<BackupSection>; row: z.ZodTypeAny }>,
  ],
);
export type RecordLine = { [S in BackupSection]: { section: S; row: BackupRow<S> } }[BackupSection];
