import { newId, nowIso } from '../../db/columns';
import {
  contactIdentifiers,
  contacts,
  contactTags,
  importFingerprints,
  organizations,
  type ContactRow,
  type IdentifierKind,
} from '../../db/schema';
import type { Deps } from '../deps';
import type { PlaceOf } from '../geocoding/known-places';
import { keptApartFrom, suggestDuplicatesStatement, type SuggestedPair } from '../duplicates/duplicate-suggestions';
import { keptElsewhere, withLine } from './kept-elsewhere';
import { samePhoneNumber } from './phone-forms';
import { namesClearlyDiffer } from '../duplicates/names-differ';
import { organizationNameNorm } from '../organizations/organizations';
import type { ValueWarning } from './read-contact';
import type { ContactCreate } from './contact-input';
import { SHARED_KINDS, type Identifier } from './identifiers';
import { closeSharers } from './shared-phones';
import {
  fingerprintOwnersStatement,
  identifierOwnersStatement,
  knownContactIdsStatement,
  matchedContactRows,
  matchedIdentifierPositions,
  matchedTagNorms,
  organizationsNamedStatement,
} from './contact-upsert-queries';
import { deferForeignKeysStatement, jsonInsert, jsonUpdateById } from './json-row-queries';
import { foldText } from '../folding';
import { fullNameOf, tagNorm } from './normalize';
import { columnsOf, identifiersOf, newContactRow } from './save-contact';
import { nameKeys } from './latin-name';
import { prepare } from '../../db/sql-batch';
import { recordSourcesStatement } from '../sources/field-source-queries';
import { fieldsWritten } from '../sources/field-values';
import { sourcedValues } from '../sources/source-writes';
import type { SourceField, SourceKind, ValueSource } from '../sources/source-kinds';
import type { FoundIn } from '../life-events/field-change-proposals';
import { upsertProposalStatement, type UpsertFieldCheck } from '../life-events/upsert-proposals';

/** One incoming person (an import row, a synced Google contact, a LinkedIn participant). */
export interface ContactRecord {
  input: ContactCreate;
  connectedOn?: string | null;
  /** Hash of the imported row: finds the contact again on re-import without identifiers. */
  fingerprint?: string;
  /** A Kith contact id (from our own export). */
  contactId?: string;
  /** Lines for the contact's notes (values Kith could not read): appended once, never twice. */
  noteLines?: string[];
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

export interface UpsertPlan {
  /** Run these in one batch (with the caller's own bookkeeping) to apply the upsert. */
  statements: D1PreparedStatement[];
  /**
   * Per record, in order: the contact it landed on, what happened to it, and the values that
   * stayed on another contact (ADR 013) as warnings for the import summary.
   */
  outcomes: { contactId: string; outcome: UpsertOutcome; warnings: ValueWarning[] }[];
  /** Contacts whose location is new: enqueue geocoding after the batch succeeds. */
  geocode: string[];
  /** Life events proposed from changed jobs and places: announce them after the batch (announceFound). */
  proposalIds: string[];
}

// Which identifier decides the match when a record carries several (issue 7: LinkedIn slug,
// then email).
const MATCH_ORDER: IdentifierKind[] = ['linkedin', 'email', 'phone', 'telegram', 'twitter'];
const SINGLE_COLUMN: Partial<Record<IdentifierKind, keyof ContactRow>> = {
  telegram: 'telegramUsername',
  twitter: 'twitterHandle',
  linkedin: 'linkedinUrl',
};
// Columns an upsert may fill on an existing contact; only empty ones are filled.
const FILLABLE: (keyof ContactRow)[] = [
  'firstName',
  'lastName',
  'companyId',
  'title',
  'notes',
  'location',
  'avatarUrl',
  'telegramUsername',
  'twitterHandle',
  'linkedinUrl',
  'bioTwitter',
  'bioTelegram',
  'bioLinkedin',
  'connectedOn',
  'howWeMet',
];
const SINGLE_COLUMNS = new Set<keyof ContactRow>(Object.values(SINGLE_COLUMN));
const UPDATED_KEYS = [...FILLABLE, 'fullName', 'nameSort', 'nameLatin', 'updatedAt'];

interface ContactState {
  row: ContactRow;
  isNew: boolean;
  changed: boolean;
  tags: Set<string>;
  nextPosition: number;
  /** Its phones (normalized), so a number it has in another form is not added twice. */
  phones: string[];
  /** The fields this batch gave it a value for, and the emails and phones it added: their source is this batch's (its tags' too). */
  sourced: Set<SourceField>;
  identifiersAdded: { field: SourceField; norm: string }[];
}

const keyOf = (i: { kind: string; valueNorm: string }) => `${i.kind}:${i.valueNorm}`;

/**
 * The batched form of create/update for many records at once: each record updates the
 * contact it matches by id, fingerprint or a unique identifier (empty fields only), or
 * creates a new contact with the same row rules as createContact; a phone shared by two
 * clearly different names is no match (ADR 013). Lookups take a few round trips whatever
 * the number of records; the writes are returned as statements.
 */
export async function planContactUpserts(
  deps: Deps,
  userId: string,
  records: ContactRecord[],
  source: string,
  placeOf?: PlaceOf,
  valueSource: ValueSource = { kind: source as SourceKind },
  /** Where the records come from, when a changed job or place there is news (ADR 036): proposals are written with the upsert. */
  foundIn?: FoundIn,
): Promise<UpsertPlan> {
  const d1 = deps.store.d1;
  const items = records.map((rec) => {
    const cols = columnsOf(rec.input);
    if (rec.connectedOn) cols.connectedOn = rec.connectedOn;
    return { rec, cols, ids: identifiersOf(rec.input).list, company: rec.input.company?.trim() || null };
  });

  const identValues = (kind: IdentifierKind) =>
    JSON.stringify([...new Set(items.flatMap((i) => i.ids.filter((x) => x.kind === kind).map((x) => x.valueNorm)))]);
  const fingerprints = items.flatMap((i) => (i.rec.fingerprint ? [i.rec.fingerprint] : []));
  const explicitIds = items.flatMap((i) => (i.rec.contactId ? [i.rec.contactId] : []));
  const orgNorms = [...new Set(items.flatMap((i) => (i.company ? [organizationNameNorm(i.company)] : [])))];
  const results = await d1.batch<Record<string, string>>([
    fingerprintOwnersStatement(d1, userId, fingerprints),
    knownContactIdsStatement(d1, userId, explicitIds),
    organizationsNamedStatement(d1, userId, orgNorms),
    ...MATCH_ORDER.map((kind) => identifierOwnersStatement(d1, userId, kind, identValues(kind))),
  ]);
  const [fpRes, idRes, orgRes, ...identResults] = results;
  const identRes = { results: identResults.flatMap((r) => r.results) };
  // Who holds each identifier (oldest first; several for a shared phone, ADR 031) and each
  // fingerprint, updated as this batch claims new ones.
  const holders = new Map<string, string[]>();
  for (const r of identRes.results) {
    const key = `${r.kind}:${r.value_norm}`;
    holders.set(key, [...(holders.get(key) ?? []), r.contact_id!]);
  }
  const ownerName = new Map(identRes!.results.map((r) => [r.contact_id!, r.full_name!]));
  const fpOwner = new Map(fpRes!.results.map((r) => [r.fingerprint!, r.contact_id!]));
  const knownIds = new Set(idRes!.results.map((r) => r.id!));
  const orgIds = new Map(orgRes!.results.map((r) => [r.name_norm!, r.id!]));
  const newOrgs: (typeof organizations.$inferInsert)[] = [];
  const now = nowIso();
  const companyIdOf = (name: string) => {
    const norm = organizationNameNorm(name);
    let id = orgIds.get(norm);
    if (!id) {
      id = newId();
      orgIds.set(norm, id);
      newOrgs.push({ id, userId, name, nameNorm: norm, createdAt: now, updatedAt: now });
    }
    return id;
  };

  /** Contacts a record may land on, in order: its Kith id, its fingerprint, its identifiers by MATCH_ORDER. */
  const candidatesOf = (item: (typeof items)[number]) => {
    const list: { id: string; kind?: IdentifierKind }[] = [];
    if (item.rec.contactId && knownIds.has(item.rec.contactId)) list.push({ id: item.rec.contactId });
    if (item.rec.fingerprint && fpOwner.has(item.rec.fingerprint)) list.push({ id: fpOwner.get(item.rec.fingerprint)! });
    for (const kind of MATCH_ORDER)
      for (const i of item.ids) if (i.kind === kind) for (const id of holders.get(keyOf(i)) ?? []) list.push({ id, kind });
    return list;
  };
  const nameOf = (item: (typeof items)[number]) => ({ firstName: item.cols.firstName, lastName: item.cols.lastName });
  const nameSortOf = (item: (typeof items)[number]) => foldText(fullNameOf(item.cols.firstName, item.cols.lastName));

  const candidates = items.map(candidatesOf);
  // ADR 013: people a phone owner was kept apart from before, so a re-import finds them again.
  const partners = await keptApartFrom(d1, userId, [
    ...new Set(
      candidates
        .flat()
        .filter((c) => c.kind === 'phone')
        .map((c) => c.id),
    ),
  ]);
  const batchNames = new Set(items.map(nameSortOf));
  const partnerIds = [...partners.values()]
    .flat()
    .filter((p) => batchNames.has(p.nameSort))
    .map((p) => p.id);
  const states = await loadStates(deps, userId, [...new Set([...candidates.flat().map((c) => c.id), ...partnerIds])]);
  const newIdentifiers: (typeof contactIdentifiers.$inferInsert)[] = [];
  const newTags: (typeof contactTags.$inferInsert)[] = [];
  const fingerprintRows: (typeof importFingerprints.$inferInsert)[] = [];
  const suggested: SuggestedPair[] = [];
  const geocode = new Set<string>();
  const outcomes: UpsertPlan['outcomes'] = [];
  const fieldChecks: UpsertFieldCheck[] = [];

  const claim = (state: ContactState, ident: Identifier) => {
    holders.set(keyOf(ident), [...(holders.get(keyOf(ident)) ?? []), state.row.id]);
    newIdentifiers.push({
      userId,
      kind: ident.kind,
      valueNorm: ident.valueNorm,
      value: ident.value,
      contactId: state.row.id,
      position: state.nextPosition++,
    });
    if (ident.kind === 'phone') state.phones.push(ident.valueNorm);
    if (ident.kind === 'email' || ident.kind === 'phone') state.identifiersAdded.push({ field: ident.kind, norm: ident.valueNorm });
  };

  /**
   * The contact the record lands on. A match by phone alone, to a contact whose name is clearly
   * another person's (ADR 013), is no match: the record becomes (or finds again) a contact of
   * its own, and `apart` lists the phone owners it was kept apart from.
   */
  const targetOf = (item: (typeof items)[number]): { target?: string; apart: string[] } => {
    const apart: string[] = [];
    for (const c of candidatesOf(item)) {
      const other = c.kind === 'phone' ? states.get(c.id) : undefined;
      if (other && namesClearlyDiffer(nameOf(item), other.row)) apart.push(c.id);
      else return { target: c.id, apart };
    }
    const again = apart.flatMap((id) => partners.get(id) ?? []).find((p) => p.nameSort === nameSortOf(item) && states.has(p.id));
    return { target: again?.id, apart };
  };

  for (const item of items) {
    const { target, apart } = targetOf(item);
    let state = target ? states.get(target) : undefined;
    let changed = false;
    if (!state) {
      const id = newId();
      const row = newContactRow(userId, id, {}, null, source);
      state = { row, isNew: true, changed: true, tags: new Set(), nextPosition: 0, phones: [], sourced: new Set(), identifiersAdded: [] };
      states.set(id, state);
      changed = true;
      // A later row of the same person in this batch finds this contact, as a re-import would.
      for (const ownerId of apart) partners.set(ownerId, [...(partners.get(ownerId) ?? []), { id, nameSort: nameSortOf(item) }]);
    }
    const { row, sourced } = state;
    if (foundIn && !state.isNew)
      fieldChecks.push({
        contactId: row.id,
        before: { companyId: row.companyId, title: row.title, location: row.location },
        incoming: { company: item.company, title: item.cols.title, location: item.cols.location },
      });
    const fill = <K extends keyof ContactRow>(key: K, value: ContactRow[K] | undefined | null) => {
      if (value === undefined || value === null || row[key] !== null) return false;
      row[key] = value;
      changed = true;
      for (const field of fieldsWritten([key])) sourced.add(field);
      return true;
    };
    // An email or handle already on another contact stays there (one contact per value): this
    // contact keeps it in its notes and the two are flagged as possible duplicates, so nothing
    // is lost. A phone is kept on both (a shared landline, ADR 031), and the two are flagged
    // only when their names are close.
    const shared: { ident: Identifier; otherId: string }[] = [];
    const sharing: { ident: Identifier; otherId: string }[] = [];
    for (const ident of item.ids) {
      const held = holders.get(keyOf(ident)) ?? [];
      if (held.includes(row.id)) continue;
      if (held.length && !SHARED_KINDS.has(ident.kind)) {
        shared.push({ ident, otherId: held[0]! });
        continue;
      }
      if (ident.kind === 'phone' && state.phones.some((p) => samePhoneNumber(p, ident.valueNorm))) continue;
      const column = SINGLE_COLUMN[ident.kind];
      if (column && !fill(column, item.cols[column] as string)) continue;
      claim(state, ident);
      sharing.push(...held.map((otherId) => ({ ident, otherId })));
      changed = true;
    }
    for (const key of FILLABLE) {
      if (key === 'companyId' || SINGLE_COLUMNS.has(key)) continue;
      const had = row[key];
      if (fill(key, item.cols[key] as never) && key === 'location' && !had) geocode.add(row.id);
    }
    if (item.company && row.companyId === null) fill('companyId', companyIdOf(item.company));
    if (state.isNew && item.cols.priority) {
      row.priority = item.cols.priority;
      sourced.add('priority');
    }
    for (const tag of item.rec.input.tags ?? []) {
      const norm = tagNorm(tag);
      if (!norm || state.tags.has(norm)) continue;
      state.tags.add(norm);
      newTags.push({ userId, contactId: row.id, tag: tag.trim(), tagNorm: norm });
      changed = true;
    }
    const kept = keptElsewhere(row.id, shared, apart, (id) => states.get(id)?.row.fullName || ownerName.get(id) || 'another contact');
    suggested.push(...kept.pairs, ...closeSharers(row, nameOf(item), sharing, (id) => states.get(id)?.row));
    const { warnings } = kept;
    const lines = [...(item.rec.noteLines ?? []), ...(kept.line ? [kept.line] : [])];
    for (const line of lines) {
      const notes = withLine(row.notes, line);
      if (notes !== row.notes) {
        row.notes = notes;
        changed = true;
        sourced.add('notes'); // the notes as they now read are this import's (ADR 038)
      }
    }
    if (changed) {
      row.fullName = fullNameOf(row.firstName, row.lastName);
      Object.assign(row, nameKeys(row.fullName));
      row.updatedAt = now;
      state.changed = true;
    }
    if (item.rec.fingerprint) {
      fpOwner.set(item.rec.fingerprint, row.id);
      fingerprintRows.push({ userId, fingerprint: item.rec.fingerprint, contactId: row.id });
    }
    outcomes.push({ contactId: row.id, outcome: target ? (changed ? 'updated' : 'unchanged') : 'created', warnings });
  }

  const all = [...states.values()];
  const created = all.filter((s) => s.isNew).map((s) => s.row);
  const updated = all.filter((s) => !s.isNew && s.changed).map((s) => s.row);
  for (const s of all) {
    if (!s.isNew || !s.row.location) continue;
    // A new contact in a place the cache knows is written placed; the others wait for geocoding.
    const place = placeOf?.(s.row.location);
    if (place === undefined) {
      geocode.add(s.row.id);
      continue;
    }
    geocode.delete(s.row.id);
    Object.assign(s.row, {
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      geocodedPlace: place?.placeName ?? null,
      geocodedLocation: s.row.location,
      geocodedAt: now,
    });
  }
  const statements: D1PreparedStatement[] = [];
  if (newOrgs.length) statements.push(jsonInsert(d1, organizations, newOrgs, 'ignore'));
  // New contacts' identifiers and tags are written before the contacts, so each contact's
  // search row is written once, whole, by its insert trigger. Written after, every email,
  // LinkedIn URL and tag rewrote the row (an FTS5 delete and insert of all its columns). Their
  // foreign keys are checked at the batch's commit instead (D1 runs a batch as a transaction).
  if (created.length) statements.push(deferForeignKeysStatement(d1));
  if (newIdentifiers.length) statements.push(jsonInsert(d1, contactIdentifiers, newIdentifiers, 'ignore'));
  if (newTags.length) statements.push(jsonInsert(d1, contactTags, newTags, 'ignore'));
  if (created.length) statements.push(jsonInsert(d1, contacts, created));
  if (updated.length) statements.push(jsonUpdateById(d1, contacts, userId, updated, UPDATED_KEYS));
  if (fingerprintRows.length) statements.push(jsonInsert(d1, importFingerprints, fingerprintRows, 'replace'));
  const sources = recordSourcesStatement(userId, sourcedValues(all, newTags), valueSource);
  if (sources) statements.push(prepare(deps.db, sources));
  const suggest = suggestDuplicatesStatement(d1, userId, suggested);
  if (suggest) statements.push(suggest);
  const proposals = foundIn ? await upsertProposalStatement(d1, userId, fieldChecks, foundIn) : null;
  if (proposals) statements.push(proposals.statement);
  return { statements, outcomes, geocode: [...geocode], proposalIds: proposals?.ids ?? [] };
}

/** Current rows, tags and identifier positions of the matched contacts (90 ids per query for D1). */
async function loadStates(deps: Deps, userId: string, ids: string[]): Promise<Map<string, ContactState>> {
  const { db } = deps;
  const states = new Map<string, ContactState>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const [rows, idents, tags] = await db.batch([
      matchedContactRows(db, userId, chunk),
      matchedIdentifierPositions(db, userId, chunk),
      matchedTagNorms(db, userId, chunk),
    ]);
    for (const row of rows) {
      const own = idents.filter((x) => x.contactId === row.id);
      const positions = own.map((x) => x.position);
      states.set(row.id, {
        row: { ...row },
        isNew: false,
        changed: false,
        tags: new Set(tags.filter((t) => t.contactId === row.id).map((t) => t.tagNorm)),
        nextPosition: positions.length ? Math.max(...positions) + 1 : 0,
        phones: own.filter((x) => x.kind === 'phone').map((x) => x.valueNorm),
        sourced: new Set(),
        identifiersAdded: [],
      });
    }
  }
  return states;
}
