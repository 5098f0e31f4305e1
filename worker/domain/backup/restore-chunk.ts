import { newId, nowIso } from '../../db/columns';
import {
  contactDates,
  contactFieldSources,
  contactIdentifiers,
  contacts,
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
  type backupRestoredIds,
} from '../../db/schema';
import { deferForeignKeysStatement, jsonInsert } from '../contacts/json-row-queries';
import type { Deps } from '../deps';
import { organizationNameNorm } from '../organizations/organizations';
import { recordLineSchema, type BackupRow, type RecordLine } from './backup-format';
import { restoredAvatar } from './backup-photos';
import { organizationsNamed, recordRestoredIdsStatement, restoredIds, restoredSettingsStatements } from './restore-queries';
import * as rows from './restored-rows';

/** A staged line of the file: its line number and its text. */
export interface StagedLine {
  row_number: number;
  cells: string;
}

export interface ChunkOutcome {
  statements: D1PreparedStatement[];
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; message: string }[];
  settings: BackupRow<'settings'> | null;
}

type Table = Parameters<typeof jsonInsert>[1];
/** Written in this order: a row after the rows it names (the timeline's trigger checks its contact exists). */
const TABLE_ORDER: Table[] = [
  organizations,
  davResources,
  davOrganizationLines,
  people,
  contacts,
  contactIdentifiers,
  contactTags,
  contactDates,
  davKeptProperties,
  contactFieldSources,
  interactions,
  reminders,
  followups,
  relationships,
  lifeEvents,
  smartLists,
  duplicateDismissals,
  importFingerprints,
];
const key = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * The key a record is restored under (its section and its id in the backup), for the records
 * that are rows of their own; a link between two contacts is two rows that share one id, each
 * restored once, under its side.
 */
function ownKey(r: RecordLine): [string, string] | null {
  switch (r.section) {
    case 'settings':
      return null;
    case 'relationships':
      return ['relationships', `${r.row.id}:${r.row.contact_id}`];
    case 'duplicate_dismissals':
      return ['duplicate_dismissals', `${r.row.contact_a}:${r.row.contact_b}`];
    case 'import_fingerprints':
      return ['import_fingerprints', r.row.fingerprint];
    default:
      return [r.section, r.row.id];
  }
}

/** The records a record names: [section, id] of each, to be found restored before it. */
function references(r: RecordLine): [string, string][] {
  switch (r.section) {
    case 'contacts':
      return r.row.company_id ? [['organizations', r.row.company_id]] : [];
    case 'interactions':
    case 'reminders':
    case 'life_events':
    case 'followups':
    case 'import_fingerprints':
      return [['contacts', r.row.contact_id]];
    case 'relationships':
      return [
        ['contacts', r.row.contact_id],
        [r.row.other_type === 'person' ? 'people' : 'contacts', r.row.other_id],
        ['relationship_links', r.row.id],
      ];
    case 'duplicate_dismissals':
      return [
        ['contacts', r.row.contact_a],
        ['contacts', r.row.contact_b],
      ];
    default:
      return [];
  }
}

/**
 * Plans one chunk of a restore: each record not restored before gets a new id (kept in
 * backup_restored_ids with it, in the same batch) and its references the new ids of the records
 * they name; one restored before is skipped, so a second restore of a file changes nothing.
 */
export async function planRestoreChunk(deps: Deps, staged: StagedLine[]): Promise<ChunkOutcome> {
  const d1 = deps.store.d1;
  const userId = deps.store.userId;
  const out: ChunkOutcome = { statements: [], created: 0, updated: 0, skipped: 0, errors: [], settings: null };
  const records: { row: number; record: RecordLine }[] = [];
  for (const line of staged) {
    const parsed = recordLineSchema.safeParse(JSON.parse(line.cells));
    if (parsed.success) records.push({ row: line.row_number, record: parsed.data as RecordLine });
    else out.errors.push({ row: line.row_number, message: 'Not a record Kith knows' });
  }
  const lookups = records.flatMap(({ record }) => [
    ...(ownKey(record) ? [ownKey(record)!] : []),
    ...references(record),
    // A life event's message, remapped when it was restored, left out when not.
    ...(record.section === 'life_events' && record.row.interaction_id
      ? [['interactions', record.row.interaction_id] as [string, string]]
      : []),
  ]);
  const ids = new Map<string, string>();
  for (const r of await restoredIds(d1, userId, lookups)) ids.set(key(r.kind, r.source_id), r.new_id);
  // An organization of the same name already here is the one the restored contacts work at.
  const orgNames = records.flatMap(({ record }) => (record.section === 'organizations' ? [organizationNameNorm(record.row.name)] : []));
  const existingOrgs = new Map((await organizationsNamed(d1, userId, orgNames)).map((o) => [o.name_norm, o.id]));

  const inserts = new Map<Table, Record<string, unknown>[]>();
  const add = (table: Table, ...list: Record<string, unknown>[]) => inserts.set(table, [...(inserts.get(table) ?? []), ...list]);
  const restored: (typeof backupRestoredIds.$inferInsert)[] = [];
  const now = nowIso();
  const give = (kind: string, source: string, id = newId()) => {
    ids.set(key(kind, source), id);
    restored.push({ userId, kind, sourceId: source, newId: id, restoredAt: now });
    return id;
  };

  for (const { row, record } of records) {
    const own = ownKey(record);
    if (own && ids.has(key(...own))) {
      out.skipped++;
      continue;
    }
    const missing = references(record).find(([kind, id]) => kind !== 'relationship_links' && !ids.has(key(kind, id)));
    if (missing) {
      out.errors.push({ row, message: `Refers to ${missing[0]} ${missing[1]}, which was not restored` });
      continue;
    }
    const of = (kind: string, id: string) => ids.get(key(kind, id))!;
    switch (record.section) {
      case 'settings':
        out.settings = record.row;
        out.updated++;
        continue;
      case 'organizations': {
        const r = record.row;
        const existing = existingOrgs.get(organizationNameNorm(r.name));
        const id = give('organizations', r.id, existing);
        if (!existing) {
          existingOrgs.set(organizationNameNorm(r.name), id);
          add(organizations, rows.organizationRow(userId, id, r));
          // A phone's company card comes back as the same card (ADR 059); one joined by name keeps its own.
          const card = rows.organizationCardRows(userId, id, r);
          if (card.resource) add(davResources, card.resource);
          add(davOrganizationLines, ...card.lines);
        }
        break;
      }
      case 'people':
        add(people, rows.personRow(userId, give('people', record.row.id), record.row));
        break;
      case 'contacts': {
        const r = record.row;
        const id = give('contacts', r.id);
        const avatar = await restoredAvatar(deps, r.avatar_url, r.photo);
        const companyId = r.company_id ? of('organizations', r.company_id) : null;
        add(contacts, rows.contactRow(userId, id, r, companyId, avatar));
        const parts = rows.contactParts(userId, id, r, { companyId, avatarUrl: avatar });
        add(contactIdentifiers, ...parts.identifiers);
        add(contactTags, ...parts.tags);
        add(contactDates, ...parts.dates);
        add(davKeptProperties, ...parts.keptLines);
        add(contactFieldSources, ...parts.sources);
        break;
      }
      case 'interactions':
        add(
          interactions,
          rows.interactionRow(userId, give('interactions', record.row.id), of('contacts', record.row.contact_id), record.row),
        );
        break;
      case 'reminders':
        add(reminders, rows.reminderRow(userId, give('reminders', record.row.id), of('contacts', record.row.contact_id), record.row));
        break;
      case 'followups':
        add(followups, rows.followupRow(userId, give('followups', record.row.id), of('contacts', record.row.contact_id), record.row));
        break;
      case 'relationships': {
        const r = record.row;
        const link = ids.get(key('relationship_links', r.id)) ?? give('relationship_links', r.id);
        give('relationships', `${r.id}:${r.contact_id}`, link);
        const other = of(r.other_type === 'person' ? 'people' : 'contacts', r.other_id);
        add(relationships, rows.relationshipRow(userId, link, of('contacts', r.contact_id), other, r));
        break;
      }
      case 'life_events': {
        const r = record.row;
        // The message it was read in, when the backup held it; its sentence stays either way.
        const message = r.interaction_id ? (ids.get(key('interactions', r.interaction_id)) ?? null) : null;
        add(lifeEvents, rows.lifeEventRow(userId, give('life_events', r.id), of('contacts', r.contact_id), message, r));
        break;
      }
      case 'smart_lists':
        add(smartLists, rows.smartListRow(userId, give('smart_lists', record.row.id), record.row));
        break;
      case 'duplicate_dismissals': {
        const r = record.row;
        give('duplicate_dismissals', `${r.contact_a}:${r.contact_b}`, '');
        add(duplicateDismissals, rows.dismissalRow(userId, of('contacts', r.contact_a), of('contacts', r.contact_b), r.created_at));
        break;
      }
      case 'import_fingerprints':
        give('import_fingerprints', record.row.fingerprint, '');
        add(importFingerprints, rows.fingerprintRow(userId, of('contacts', record.row.contact_id), record.row));
        break;
    }
    out.created++;
  }
  out.statements.push(deferForeignKeysStatement(d1));
  for (const table of TABLE_ORDER) {
    const list = inserts.get(table);
    if (list?.length) out.statements.push(jsonInsert(d1, table, list, 'ignore'));
  }
  if (out.settings)
    out.statements.push(
      ...restoredSettingsStatements(d1, userId, {
        weeklyDigest: out.settings.weekly_digest,
        cadences: out.settings.cadence_defaults,
        telegram: out.settings.telegram,
        now,
      }),
    );
  if (restored.length) out.statements.push(recordRestoredIdsStatement(d1, restored));
  return out;
}
