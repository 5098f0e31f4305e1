import { newId } from '../../db/columns';
import type { contactIdentifiers, contactTags, importFingerprints, organizations, ContactRow, IdentifierKind } from '../../db/schema';
import type { SuggestedPair } from '../duplicates/duplicate-suggestions';
import type { UpsertFieldCheck } from '../life-events/upsert-proposals';
import { organizationNameNorm } from '../organizations/organizations';
import { fieldsWritten } from '../sources/field-values';
import { nameOf, nameSortOf, type UpsertItem, type UpsertPlan } from './contact-record';
import { SHARED_KINDS, type Identifier } from './identifiers';
import { keptElsewhere, withLabelledLine, withLine } from './kept-elsewhere';
import { CONTACT_LIMITS } from './contact-values';
import type { ValueWarning } from './read-contact';
import { nameKeys } from './latin-name';
import { fullNameOf, tagNorm } from './normalize';
import { samePhoneNumber } from './phone-forms';
import { closeSharers } from './shared-phones';
import { keyOf, targetOf, type Holdings } from './upsert-matching';
import { valuesGoneFromSource } from './upsert-replacements';
import { newContactState, type ContactState, type HeldIdentifier } from './upsert-state';

export const NOTES_FULL = `did not fit in the notes (${CONTACT_LIMITS.notes.toLocaleString('en')} characters at most); cut where they end`;

// What one record does to the contact it lands on: the rules of a batched upsert (empty
// fields only, one contact per email or handle, labelled note lines once), gathered as rows.

const SINGLE_COLUMN: Partial<Record<IdentifierKind, keyof ContactRow>> = {
  telegram: 'telegramUsername',
  twitter: 'twitterHandle',
  linkedin: 'linkedinUrl',
};
// Columns an upsert may fill on an existing contact; only empty ones are filled.
export const FILLABLE: (keyof ContactRow)[] = [
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

/** The rows a batch writes beside its contacts, and what it tells its caller. */
export interface UpsertWrites {
  userId: string;
  source: string;
  now: string;
  /** Whether the caller asked for job and place changes to be proposed as life events. */
  proposes: boolean;
  states: Map<string, ContactState>;
  newOrgs: (typeof organizations.$inferInsert)[];
  newIdentifiers: (typeof contactIdentifiers.$inferInsert)[];
  /** Identifiers a refresh replaced (ADR 060): deleted before the new ones are inserted. */
  droppedIdentifiers: (HeldIdentifier & { contactId: string })[];
  newTags: (typeof contactTags.$inferInsert)[];
  fingerprintRows: (typeof importFingerprints.$inferInsert)[];
  suggested: SuggestedPair[];
  geocode: Set<string>;
  outcomes: UpsertPlan['outcomes'];
  fieldChecks: UpsertFieldCheck[];
}

function companyIdOf(w: UpsertWrites, h: Holdings, name: string): string {
  const norm = organizationNameNorm(name);
  let id = h.orgIds.get(norm);
  if (!id) {
    id = newId();
    h.orgIds.set(norm, id);
    w.newOrgs.push({ id, userId: w.userId, name, nameNorm: norm, createdAt: w.now, updatedAt: w.now });
  }
  return id;
}

function claim(w: UpsertWrites, h: Holdings, state: ContactState, ident: Identifier, position = state.nextPosition++) {
  h.holders.set(keyOf(ident), [...(h.holders.get(keyOf(ident)) ?? []), state.row.id]);
  w.newIdentifiers.push({
    userId: w.userId,
    kind: ident.kind,
    valueNorm: ident.valueNorm,
    value: ident.value,
    contactId: state.row.id,
    position,
  });
  state.identifiers.push({ kind: ident.kind, valueNorm: ident.valueNorm, position });
  if (ident.kind === 'phone') state.phones.push(ident.valueNorm);
  if (ident.kind === 'email' || ident.kind === 'phone') state.identifiersAdded.push({ field: ident.kind, norm: ident.valueNorm });
}

/** A value a refresh replaced leaves the contact (and the batch's view of who holds what). */
function drop(w: UpsertWrites, h: Holdings, state: ContactState, old: HeldIdentifier) {
  w.droppedIdentifiers.push({ ...old, contactId: state.row.id });
  h.holders.set(
    keyOf(old),
    (h.holders.get(keyOf(old)) ?? []).filter((id) => id !== state.row.id),
  );
  state.identifiers = state.identifiers.filter((x) => x !== old);
  if (old.kind === 'phone') state.phones = state.phones.filter((p) => p !== old.valueNorm);
}

/** Lands one record: on the contact it matches (filling what is empty) or on a new contact. */
export function applyRecord(w: UpsertWrites, h: Holdings, item: UpsertItem): void {
  const { target, apart } = targetOf(h, w.states, item);
  let state = target ? w.states.get(target) : undefined;
  let changed = false;
  if (!state) {
    const id = newId();
    state = newContactState(w.userId, id, w.source);
    w.states.set(id, state);
    changed = true;
    // A later row of the same person in this batch finds this contact, as a re-import would.
    for (const ownerId of apart) h.partners.set(ownerId, [...(h.partners.get(ownerId) ?? []), { id, nameSort: nameSortOf(item) }]);
  }
  const { row, sourced } = state;
  if (w.proposes && !state.isNew)
    w.fieldChecks.push({
      contactId: row.id,
      before: { companyId: row.companyId, title: row.title, location: row.location },
      incoming: { company: item.company, title: item.cols.title, location: item.cols.location },
    });
  // A refresh (ADR 057) also replaces a value its source wrote that nobody has changed since.
  const refreshing = Boolean(item.rec.refreshes && target && item.rec.fingerprint && h.fpOwner.get(item.rec.fingerprint) === target);
  const replaceable = (key: keyof ContactRow) => {
    const fields = fieldsWritten([key]);
    return refreshing && fields.length > 0 && fields.every((f) => state.owned.has(f));
  };
  const fill = <K extends keyof ContactRow>(key: K, value: ContactRow[K] | undefined | null) => {
    if (value === undefined || value === null || row[key] === value) return false;
    if (row[key] !== null && !replaceable(key)) return false;
    row[key] = value;
    changed = true;
    for (const field of fieldsWritten([key])) sourced.add(field);
    return true;
  };
  // ADR 060: an email or phone the source gave and no longer lists, in order, makes room for one it lists anew.
  const gone = refreshing ? valuesGoneFromSource(state, item.ids) : new Map<string, HeldIdentifier[]>();
  // An email or handle already on another contact stays there (one contact per value): this
  // contact keeps it in its notes and the two are flagged as possible duplicates, so nothing
  // is lost. A phone is kept on both (a shared landline, ADR 031), and the two are flagged
  // only when their names are close.
  const shared: { ident: Identifier; otherId: string }[] = [];
  const sharing: { ident: Identifier; otherId: string }[] = [];
  for (const ident of item.ids) {
    const held = h.holders.get(keyOf(ident)) ?? [];
    if (held.includes(row.id)) continue;
    if (held.length && !SHARED_KINDS.has(ident.kind)) {
      shared.push({ ident, otherId: held[0]! });
      continue;
    }
    if (ident.kind === 'phone' && state.phones.some((p) => samePhoneNumber(p, ident.valueNorm))) continue;
    const column = SINGLE_COLUMN[ident.kind];
    const before = column ? row[column] : null;
    if (column && !fill(column, item.cols[column] as string)) continue;
    // A handle the source wrote (filled over above) or an email or phone it replaced: the old value goes.
    const replaced = column
      ? before === null
        ? []
        : state.identifiers.filter((x) => x.kind === ident.kind)
      : (gone.get(ident.kind)?.splice(0, 1) ?? []);
    for (const old of replaced) drop(w, h, state, old);
    claim(w, h, state, ident, replaced[0]?.position);
    sharing.push(...held.map((otherId) => ({ ident, otherId })));
    changed = true;
  }
  for (const key of FILLABLE) {
    if (key === 'companyId' || SINGLE_COLUMNS.has(key)) continue;
    if (fill(key, item.cols[key] as never) && key === 'location') w.geocode.add(row.id);
  }
  if (item.company && (row.companyId === null || replaceable('companyId'))) fill('companyId', companyIdOf(w, h, item.company));
  if (state.isNew && item.cols.priority) {
    row.priority = item.cols.priority;
    sourced.add('priority');
  }
  for (const tag of item.rec.input.tags ?? []) {
    const norm = tagNorm(tag);
    if (!norm || state.tags.has(norm)) continue;
    state.tags.add(norm);
    w.newTags.push({ userId: w.userId, contactId: row.id, tag: tag.trim(), tagNorm: norm });
    changed = true;
  }
  const kept = keptElsewhere(row.id, shared, apart, (id) => w.states.get(id)?.row.fullName || h.ownerName.get(id) || 'another contact');
  w.suggested.push(...kept.pairs, ...closeSharers(row, nameOf(item), sharing, (id) => w.states.get(id)?.row));
  const lines = [...(item.rec.noteLines ?? []), ...(kept.line ? [kept.line] : [])];
  const placed = new Set<string>();
  const full: ValueWarning[] = [];
  for (const line of lines) {
    const notes = refreshing ? withLabelledLine(row.notes, line, placed) : withLine(row.notes, line);
    placed.add(line);
    // The notes' limit cuts the line: the report says what did not fit (ADR 078).
    if (!notes?.includes(line)) full.push({ field: 'Notes', value: line, message: NOTES_FULL });
    if (notes !== row.notes) {
      row.notes = notes;
      changed = true;
      sourced.add('notes'); // the notes as they now read are this import's (ADR 038)
    }
  }
  if (changed) {
    row.fullName = fullNameOf(row.firstName, row.lastName);
    Object.assign(row, nameKeys(row.fullName));
    row.updatedAt = w.now;
    state.changed = true;
  }
  if (item.rec.fingerprint) {
    h.fpOwner.set(item.rec.fingerprint, row.id);
    w.fingerprintRows.push({ userId: w.userId, fingerprint: item.rec.fingerprint, contactId: row.id });
  }
  w.outcomes.push({
    contactId: row.id,
    outcome: target ? (changed ? 'updated' : 'unchanged') : 'created',
    warnings: [...kept.warnings, ...full],
  });
}
