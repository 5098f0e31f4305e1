import type { InteractionRow } from '../../db/schema';
import type { PublicUser } from '../auth/users';
import type { Deps } from '../deps';
import { interactionsAfter } from '../export/export-page-queries';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  contactRowSchema,
  dateRowSchema,
  duplicateDismissalRowSchema,
  followupRowSchema,
  identifierRowSchema,
  importFingerprintRowSchema,
  fieldSourceRowSchema,
  keptCardLineRowSchema,
  lifeEventRowSchema,
  organizationRowSchema,
  personRowSchema,
  relationshipRowSchema,
  reminderRowSchema,
  smartListRowSchema,
  tagRowSchema,
  type BackupSection,
} from './backup-format';
import { rowsAfterId, rowsOfContacts, settingsRows } from './backup-export-queries';
import { photoOf } from './backup-photos';

type Row = Record<string, unknown>;
const columnsOf = (shape: Record<string, unknown>, except: string[] = []) => Object.keys(shape).filter((k) => !except.includes(k));
const CONTACT_COLUMNS = columnsOf(contactRowSchema.shape, [
  'identifiers',
  'tags',
  'dates',
  'dav_kept_properties',
  'field_sources',
  'photo',
]);
const PAGE = 200;
const INTERACTIONS_PAGE = 500;

/** The rows of the contact-keyed tables that follow the contacts, each a section. */
const BY_CONTACT: { section: BackupSection; table: string; columns: string[]; contactColumn: string }[] = [
  { section: 'reminders', table: 'reminders', columns: columnsOf(reminderRowSchema.shape), contactColumn: 'contact_id' },
  { section: 'followups', table: 'followups', columns: columnsOf(followupRowSchema.shape), contactColumn: 'contact_id' },
  { section: 'relationships', table: 'relationships', columns: columnsOf(relationshipRowSchema.shape), contactColumn: 'contact_id' },
  { section: 'life_events', table: 'life_events', columns: columnsOf(lifeEventRowSchema.shape), contactColumn: 'contact_id' },
  {
    section: 'import_fingerprints',
    table: 'import_fingerprints',
    columns: columnsOf(importFingerprintRowSchema.shape),
    contactColumn: 'contact_id',
  },
  {
    section: 'duplicate_dismissals',
    table: 'duplicate_dismissals',
    columns: columnsOf(duplicateDismissalRowSchema.shape),
    contactColumn: 'contact_a',
  },
];

const line = (section: BackupSection, row: unknown) => `${JSON.stringify({ section, row })}\n`;
const withoutOf = ({ _of, ...row }: Row) => row;

/** Every row of `table`, a page at a time in id order. */
async function* pagesById(deps: Deps, table: string, columns: string[]): AsyncGenerator<Row[]> {
  let after = '';
  for (;;) {
    const rows = await rowsAfterId(deps.store, table, columns, after, PAGE);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id as string;
  }
}

const groupBy = (rows: Row[]) => {
  const map = new Map<string, Row[]>();
  for (const row of rows) map.set(row._of as string, [...(map.get(row._of as string) ?? []), withoutOf(row)]);
  return map;
};

/** A page of contacts as lines, each with its identifiers, tags, dates and stored photo. */
async function* contactLines(deps: Deps, page: Row[]): AsyncGenerator<string> {
  const ids = page.map((c) => c.id as string);
  const [identifiers, tags, dates, cardLines, sources] = await Promise.all([
    rowsOfContacts(deps.store, 'contact_identifiers', columnsOf(identifierRowSchema.shape), 'contact_id', ids),
    rowsOfContacts(deps.store, 'contact_tags', columnsOf(tagRowSchema.shape), 'contact_id', ids),
    rowsOfContacts(deps.store, 'contact_dates', columnsOf(dateRowSchema.shape), 'contact_id', ids),
    rowsOfContacts(deps.store, 'dav_kept_properties', columnsOf(keptCardLineRowSchema.shape), 'contact_id', ids),
    rowsOfContacts(deps.store, 'contact_field_sources', columnsOf(fieldSourceRowSchema.shape), 'contact_id', ids),
  ]).then((all) => all.map(groupBy));
  for (const contact of page) {
    const id = contact.id as string;
    const own = (identifiers!.get(id) ?? []).sort(
      (a, b) => String(a.kind).localeCompare(String(b.kind)) || Number(a.position) - Number(b.position),
    );
    yield line('contacts', {
      ...contact,
      identifiers: own,
      tags: tags!.get(id) ?? [],
      dates: dates!.get(id) ?? [],
      dav_kept_properties: (cardLines!.get(id) ?? []).sort((a, b) => Number(a.position) - Number(b.position)),
      field_sources: sources!.get(id) ?? [],
      photo: await photoOf(deps, contact.avatar_url as string | null),
    });
  }
}

/** A page of organizations as lines, each a phone's company card with its name, UID and kept lines (ADR 059). */
async function organizationLines(deps: Deps, page: Row[]): Promise<string[]> {
  const ids = page.map((o) => o.id as string);
  const [cards, cardLines] = await Promise.all([
    rowsOfContacts(deps.store, 'dav_resources', ['href', 'uid'], 'contact_id', ids),
    rowsOfContacts(deps.store, 'dav_organization_lines', columnsOf(keptCardLineRowSchema.shape), 'organization_id', ids),
  ]).then((all) => all.map(groupBy));
  return page.map((organization) => {
    const id = organization.id as string;
    return line('organizations', {
      ...organization,
      dav_card: cards!.get(id)?.[0] ?? null,
      dav_lines: (cardLines!.get(id) ?? []).sort((a, b) => Number(a.position) - Number(b.position)),
    });
  });
}

const interactionRow = (i: InteractionRow) => ({
  id: i.id,
  contact_id: i.contactId,
  kind: i.kind,
  channel: i.channel,
  direction: i.direction,
  subject: i.subject,
  body: i.body,
  status: i.status,
  source: i.source,
  external_id: i.externalId,
  occurred_at: i.occurredAt,
  created_at: i.createdAt,
  updated_at: i.updatedAt,
  conversation: i.conversation ? 1 : 0,
  private: i.private ? 1 : 0,
});

/**
 * The account as a full backup file (backup-format.ts), line by line: each section is read a
 * page at a time (keyset), so a 50 000-contact account streams in constant memory.
 */
export async function* exportBackup(deps: Deps, user: PublicUser): AsyncGenerator<string> {
  let records = 0;
  const counted = (text: string) => {
    records++;
    return text;
  };
  yield `${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exported_at: new Date().toISOString() })}\n`;
  const settings = await settingsRows(deps.store);
  yield counted(
    line('settings', {
      name: user.name,
      time_zone: user.time_zone,
      weekly_digest: settings.weeklyDigest,
      cadence_defaults: settings.cadences,
      telegram: settings.telegram,
    }),
  );
  for await (const page of pagesById(deps, 'organizations', columnsOf(organizationRowSchema.shape, ['dav_card', 'dav_lines'])))
    for (const text of await organizationLines(deps, page)) yield counted(text);
  for await (const page of pagesById(deps, 'people', columnsOf(personRowSchema.shape)))
    for (const row of page) yield counted(line('people', row));
  for await (const page of pagesById(deps, 'contacts', CONTACT_COLUMNS))
    for await (const text of contactLines(deps, page)) yield counted(text);
  // The timeline in its own index's order (export-page-queries.ts), only of contacts that exist.
  let last: InteractionRow | undefined;
  for (;;) {
    const rows = await interactionsAfter(deps.db, deps.store.userId, last, INTERACTIONS_PAGE);
    for (const row of rows) yield counted(line('interactions', interactionRow(row)));
    if (rows.length < INTERACTIONS_PAGE) break;
    last = rows[rows.length - 1];
  }
  // The tables keyed by contact, a page of contacts at a time, on each table's contact index.
  for await (const page of pagesById(deps, 'contacts', ['id'])) {
    const ids = page.map((c) => c.id as string);
    for (const { section, table, columns, contactColumn } of BY_CONTACT)
      for (const row of await rowsOfContacts(deps.store, table, columns, contactColumn, ids)) yield counted(line(section, withoutOf(row)));
  }
  for await (const page of pagesById(deps, 'smart_lists', columnsOf(smartListRowSchema.shape)))
    for (const row of page) yield counted(line('smart_lists', row));
  yield `${JSON.stringify({ end: true, records })}\n`;
}
