import type {
  contactDates,
  contactFieldSources,
  contactIdentifiers,
  contactTags,
  davKeptProperties,
  davOrganizationLines,
  davResources,
  duplicateDismissals,
  followups,
  importFingerprints,
  interactions,
  lifeEvents,
  organizations,
  people,
  relationships,
  reminders,
  smartLists,
  ContactRow,
} from '../../db/schema';
import { nameKeys } from '../contacts/latin-name';
import { fullNameOf } from '../contacts/normalize';
import { newContactRow } from '../contacts/save-contact';
import { organizationNameNorm } from '../organizations/organizations';
import { newId } from '../../db/columns';
import type { BackupRow } from './backup-format';
import { valueKey } from '../sources/value-key';

// A backup's rows as rows of this account's tables: the same values under new ids, every
// reference already remapped by the caller, and what is computed here computed again.

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export function organizationRow(userId: string, id: string, r: BackupRow<'organizations'>): Insert<typeof organizations> {
  return {
    id,
    userId,
    name: r.name,
    nameNorm: organizationNameNorm(r.name),
    website: r.website,
    industry: r.industry,
    location: r.location,
    logoUrl: r.logo_url,
    phone: r.phone,
    email: r.email,
    notes: r.notes,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A restored organization's company card: the name and UID a phone gave it, and its kept lines under ids of their own. */
export function organizationCardRows(userId: string, organizationId: string, r: BackupRow<'organizations'>) {
  return {
    resource: r.dav_card
      ? ({ userId, contactId: organizationId, href: r.dav_card.href, uid: r.dav_card.uid, kind: 'organization' } satisfies Insert<
          typeof davResources
        >)
      : null,
    lines: r.dav_lines.map((l): Insert<typeof davOrganizationLines> => ({
      id: newId(),
      userId,
      organizationId,
      position: l.position,
      line: l.line,
    })),
  };
}

export const personRow = (userId: string, id: string, r: BackupRow<'people'>): Insert<typeof people> => ({
  id,
  userId,
  name: r.name,
  note: r.note,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The contact with its names' keys computed here and a BCC address of its own (the old one was the other account's secret). */
export function contactRow(
  userId: string,
  id: string,
  r: BackupRow<'contacts'>,
  companyId: string | null,
  avatarUrl: string | null,
): ContactRow {
  const fullName = fullNameOf(r.first_name, r.last_name);
  return {
    ...newContactRow(userId, id, {}, companyId, r.source),
    firstName: r.first_name,
    lastName: r.last_name,
    fullName,
    ...nameKeys(fullName),
    title: r.title,
    priority: r.priority,
    notes: r.notes,
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    geocodedLocation: r.geocoded_location,
    geocodedPlace: r.geocoded_place,
    geocodedAt: r.geocoded_at,
    relationshipScore: r.relationship_score,
    avatarUrl,
    telegramUsername: r.telegram_username,
    twitterHandle: r.twitter_handle,
    linkedinUrl: r.linkedin_url,
    bioTwitter: r.bio_twitter,
    bioTelegram: r.bio_telegram,
    bioLinkedin: r.bio_linkedin,
    connectedOn: r.connected_on,
    howWeMet: r.how_we_met,
    lastInteractionAt: r.last_interaction_at,
    lastSyncedAt: r.last_synced_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    cadenceEvery: r.cadence_every,
    cadenceUnit: r.cadence_unit,
    cadenceAnchor: r.cadence_anchor,
    cadenceSnoozedUntil: r.cadence_snoozed_until,
  };
}

/**
 * The key a source row names its value by, in this account: a company is named by its
 * organization's id and a photo by its address, which the restore may give anew.
 */
function restoredKey(
  s: { field: string; value_key: string },
  r: BackupRow<'contacts'>,
  now: { companyId: string | null; avatarUrl: string | null },
) {
  const moved = (was: string | null, is: string | null) => (was && is && s.value_key === valueKey(was) ? valueKey(is) : s.value_key);
  if (s.field === 'company') return moved(r.company_id, now.companyId);
  if (s.field === 'avatar_url') return moved(r.avatar_url, now.avatarUrl);
  return s.value_key;
}

/** A contact's identifiers, tags, dates, card lines and sources, on its new id. */
export function contactParts(
  userId: string,
  contactId: string,
  r: BackupRow<'contacts'>,
  now: { companyId: string | null; avatarUrl: string | null },
) {
  return {
    identifiers: r.identifiers.map((i): Insert<typeof contactIdentifiers> => ({
      userId,
      contactId,
      kind: i.kind,
      value: i.value,
      valueNorm: i.value_norm,
      position: i.position,
    })),
    tags: r.tags.map((t): Insert<typeof contactTags> => ({ userId, contactId, tag: t.tag, tagNorm: t.tag_norm })),
    dates: r.dates.map((d): Insert<typeof contactDates> => ({
      id: newId(),
      userId,
      contactId,
      kind: d.kind,
      label: d.label,
      month: d.month,
      day: d.day,
      year: d.year,
      createdAt: d.created_at,
    })),
    keptLines: r.dav_kept_properties.map((l): Insert<typeof davKeptProperties> => ({
      id: newId(),
      userId,
      contactId,
      position: l.position,
      line: l.line,
    })),
    sources: r.field_sources.map((s): Insert<typeof contactFieldSources> => ({
      id: newId(),
      userId,
      contactId,
      field: s.field,
      valueKey: restoredKey(s, r, now),
      source: s.source,
      sourceRef: s.source_ref,
      recordedAt: s.recorded_at,
    })),
  };
}

export const interactionRow = (
  userId: string,
  id: string,
  contactId: string,
  r: BackupRow<'interactions'>,
): Insert<typeof interactions> => ({
  id,
  userId,
  contactId,
  kind: r.kind,
  channel: r.channel,
  direction: r.direction,
  subject: r.subject,
  body: r.body,
  status: r.status,
  source: r.source,
  externalId: r.external_id,
  occurredAt: r.occurred_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  conversation: r.conversation === 1,
  private: r.private === 1,
});

export const reminderRow = (userId: string, id: string, contactId: string, r: BackupRow<'reminders'>): Insert<typeof reminders> => ({
  id,
  userId,
  contactId,
  kind: r.kind,
  note: r.note,
  remindOn: r.remind_on,
  dueOn: r.due_on,
  status: r.status,
  createdAt: r.created_at,
  resolvedAt: r.resolved_at,
});

export const followupRow = (userId: string, id: string, contactId: string, r: BackupRow<'followups'>): Insert<typeof followups> => ({
  id,
  userId,
  contactId,
  reason: r.reason,
  status: r.status,
  dueAt: r.due_at,
  snoozedUntil: r.snoozed_until,
  createdAt: r.created_at,
  resolvedAt: r.resolved_at,
});

export const relationshipRow = (
  userId: string,
  id: string,
  contactId: string,
  otherId: string,
  r: BackupRow<'relationships'>,
): Insert<typeof relationships> => ({
  userId,
  id,
  contactId,
  otherId,
  otherType: r.other_type,
  kind: r.kind,
  label: r.label,
  note: r.note,
  since: r.since,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const lifeEventRow = (
  userId: string,
  id: string,
  contactId: string,
  interactionId: string | null,
  r: BackupRow<'life_events'>,
): Insert<typeof lifeEvents> => ({
  id,
  userId,
  contactId,
  kind: r.kind,
  summary: r.summary,
  happenedOn: r.happened_on,
  recursOn: r.recurs_on,
  status: r.status,
  source: r.source,
  evidence: r.evidence,
  field: r.field,
  oldValue: r.old_value,
  newValue: r.new_value,
  interactionId,
  importId: null,
  proposalKey: r.proposal_key,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  decidedAt: r.decided_at,
});

export const smartListRow = (userId: string, id: string, r: BackupRow<'smart_lists'>): Insert<typeof smartLists> => ({
  id,
  userId,
  name: r.name,
  nameNorm: r.name_norm,
  search: r.search,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A dismissed pair, its two contacts in the order the table keeps (the smaller id first). */
export function dismissalRow(userId: string, a: string, b: string, createdAt: string): Insert<typeof duplicateDismissals> {
  const [contactA, contactB] = [a, b].sort() as [string, string];
  return { userId, contactA, contactB, createdAt };
}

export const fingerprintRow = (
  userId: string,
  contactId: string,
  r: BackupRow<'import_fingerprints'>,
): Insert<typeof importFingerprints> => ({
  userId,
  fingerprint: r.fingerprint,
  contactId,
});
