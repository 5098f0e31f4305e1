import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { newId, nowIso, randomSecret } from '../../db/columns';
import type { ContactRow, IdentifierKind } from '../../db/schema';
import type { Deps } from '../deps';
import { runStatements, type Statement } from '../../db/sql-batch';
import { TYPED, type ValueSource } from '../sources/source-kinds';
import { sourceStatementsOfWrite } from '../sources/source-writes';
import { notFound } from '../errors';
import { changedMeanwhile } from './contact-version';
import { assertOrganizationsExist, findOrCreateOrganization } from '../organizations/organizations';
import type { ContactCreate, ContactUpdate } from './contact-input';
import { contactRow, deleteTagsOfContact, insertContact, insertTagRows, updateContactColumns } from './contact-row-queries';
import { getContactView, type ContactView } from './contact-view';
import {
  duplicateIdentifierError,
  findIdentifierConflicts,
  identifier,
  insertIdentifierStatements,
  isUniqueViolation,
  oneOwnerIdentifiers,
  replaceIdentifierStatements,
  uniqueIdentifiers,
  type Identifier,
} from './identifiers';
import { fullNameOf, tagNorm } from './normalize';
import { nameKeys } from './latin-name';
import { anchorNewCadence, cadenceStartDate, setsCadence } from '../keep-in-touch/cadence-start';

/** The identifier kinds a patch touches, and the complete new list for those kinds. */
export function identifiersOf(input: ContactUpdate): { kinds: IdentifierKind[]; list: Identifier[] } {
  const kinds: IdentifierKind[] = [];
  const list: Identifier[] = [];
  if (input.emails !== undefined) {
    kinds.push('email');
    list.push(...input.emails.map((v) => identifier('email', v)));
  }
  if (input.phones !== undefined) {
    kinds.push('phone');
    list.push(...input.phones.map((v) => identifier('phone', v)));
  }
  const single: [IdentifierKind, string | null | undefined][] = [
    ['telegram', input.telegram_username],
    ['twitter', input.twitter_handle],
    ['linkedin', input.linkedin_url],
  ];
  for (const [kind, value] of single) {
    if (value === undefined) continue;
    kinds.push(kind);
    if (value) list.push(identifier(kind, value));
  }
  return { kinds, list: uniqueIdentifiers(list) };
}

const cleanText = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);
const cleanHandle = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim().replace(/^@+/, '') : null);

/** Column values for the scalar fields present in the patch. */
export function columnsOf(input: ContactUpdate): Partial<ContactRow> {
  const cols: Partial<ContactRow> = {};
  const set = <K extends keyof ContactRow>(key: K, value: ContactRow[K] | undefined) => {
    if (value !== undefined) cols[key] = value;
  };
  set('firstName', cleanText(input.first_name));
  set('lastName', cleanText(input.last_name));
  set('title', cleanText(input.title));
  set('priority', input.priority);
  set('notes', input.notes === undefined ? undefined : input.notes?.trim() ? input.notes : null);
  set('location', cleanText(input.location));
  set('telegramUsername', cleanHandle(input.telegram_username));
  set('twitterHandle', cleanHandle(input.twitter_handle));
  set('linkedinUrl', cleanText(input.linkedin_url));
  set('avatarUrl', cleanText(input.avatar_url));
  set('howWeMet', cleanText(input.how_we_met));
  if (input.cadence !== undefined) {
    set('cadenceEvery', input.cadence === null ? null : input.cadence === 'none' ? 0 : input.cadence.every);
    set('cadenceUnit', input.cadence === null || input.cadence === 'none' ? null : input.cadence.unit);
    // A new cadence starts a new round: an old snooze or "done" no longer applies. The caller
    // anchors it at the user's today (anchorNewCadence), which needs their time zone.
    set('cadenceAnchor', null);
    set('cadenceSnoozedUntil', null);
  }
  if (input.bios) {
    set('bioTwitter', cleanText(input.bios.twitter));
    set('bioTelegram', cleanText(input.bios.telegram));
    set('bioLinkedin', cleanText(input.bios.linkedin));
  }
  return cols;
}

function insertTagStatements(db: Db, userId: string, contactId: string, tags: string[]): BatchItem<'sqlite'>[] {
  const unique = new Map<string, string>();
  for (const tag of tags) if (!unique.has(tagNorm(tag))) unique.set(tagNorm(tag), tag.trim());
  const rows = [...unique].map(([norm, tag]) => ({ userId, contactId, tag, tagNorm: norm }));
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < rows.length; i += 20) statements.push(insertTagRows(db, rows.slice(i, i + 20)));
  return statements;
}

/** The tags a write leaves on the contact, normalized; undefined when it does not write them. */
const tagNormsOf = (tags: string[] | undefined) => tags?.map(tagNorm).filter(Boolean);

async function resolveCompanyId(db: Db, userId: string, input: ContactUpdate): Promise<string | null | undefined> {
  if (input.company_id !== undefined) {
    if (input.company_id) await assertOrganizationsExist(db, userId, [input.company_id]);
    // An empty id clears the company, as an empty company name does (it matched no row and
    // failed the foreign key).
    return input.company_id || null;
  }
  if (input.company === undefined) return undefined;
  return input.company?.trim() ? (await findOrCreateOrganization(db, userId, input.company)).id : null;
}

async function runBatch(db: Db, statements: Statement[], identifiersList: Identifier[], userId: string, contactId: string | null) {
  try {
    await runStatements(db, statements);
  } catch (error) {
    // A concurrent save claimed one of our identifiers between the check and the write:
    // the UNIQUE constraint refused the batch, so report it exactly like the check would.
    if (!isUniqueViolation(error)) throw error;
    const [conflict] = await findIdentifierConflicts(db, userId, oneOwnerIdentifiers(identifiersList), contactId);
    if (conflict) throw duplicateIdentifierError(conflict);
    throw error;
  }
}

/** A new contact's row from the scalar columns of its input (shared with batched imports). */
export function newContactRow(userId: string, id: string, cols: Partial<ContactRow>, companyId: string | null, source: string): ContactRow {
  const now = nowIso();
  const fullName = fullNameOf(cols.firstName, cols.lastName);
  return {
    id,
    userId,
    firstName: cols.firstName ?? null,
    lastName: cols.lastName ?? null,
    fullName,
    ...nameKeys(fullName),
    companyId,
    title: cols.title ?? null,
    priority: cols.priority ?? 'medium',
    notes: cols.notes ?? null,
    location: cols.location ?? null,
    latitude: null,
    longitude: null,
    geocodedLocation: null,
    geocodedPlace: null,
    geocodedAt: null,
    relationshipScore: 0,
    avatarUrl: cols.avatarUrl ?? null,
    telegramUsername: cols.telegramUsername ?? null,
    twitterHandle: cols.twitterHandle ?? null,
    linkedinUrl: cols.linkedinUrl ?? null,
    bioTwitter: cols.bioTwitter ?? null,
    bioTelegram: cols.bioTelegram ?? null,
    bioLinkedin: cols.bioLinkedin ?? null,
    source,
    bccToken: randomSecret(12)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x'),
    connectedOn: cols.connectedOn ?? null,
    lastInteractionAt: null,
    lastSyncedAt: null,
    cadenceEvery: cols.cadenceEvery ?? null,
    cadenceUnit: cols.cadenceUnit ?? null,
    cadenceAnchor: cols.cadenceAnchor ?? null,
    cadenceSnoozedUntil: null,
    nextDue: null,
    howWeMet: cols.howWeMet ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

// drizzle's builders are statements runStatements prepares (they have toSQL); BatchItem does not say so.
const builders = (items: BatchItem<'sqlite'>[]): Statement[] => items as unknown as Statement[];

/** The source a create or update records for the values it changes (ADR 032); typed when not said. */
function sourceOfCreate(input: ContactCreate, given?: ValueSource): ValueSource {
  if (given) return given;
  return input.source && input.source !== 'manual' ? { kind: input.source } : TYPED;
}

export async function createContact(deps: Deps, userId: string, input: ContactCreate, source?: ValueSource): Promise<ContactView> {
  const { db } = deps;
  const { list } = identifiersOf(input);
  // A phone another contact has is theirs too (a shared landline, ADR 031): no conflict.
  const [conflict] = await findIdentifierConflicts(db, userId, oneOwnerIdentifiers(list), null);
  if (conflict) throw duplicateIdentifierError(conflict);

  const id = newId();
  const cols = columnsOf(input);
  if (setsCadence(cols)) anchorNewCadence(cols, await cadenceStartDate(deps, userId));
  const row = newContactRow(userId, id, cols, (await resolveCompanyId(db, userId, input)) ?? null, input.source ?? 'manual');
  const written = { ...cols, ...(row.companyId ? { companyId: row.companyId } : {}) };
  const statements: Statement[] = [
    ...builders([insertContact(db, row)]),
    ...sourceStatementsOfWrite(
      userId,
      id,
      null,
      written,
      identifiersOf(input),
      sourceOfCreate(input, source ?? deps.writer),
      tagNormsOf(input.tags),
    ),
    ...builders(insertIdentifierStatements(db, userId, id, list)),
    ...builders(insertTagStatements(db, userId, id, input.tags ?? [])),
  ];
  await runBatch(db, statements, list, userId, null);
  if (row.location) await enqueueGeocode(deps, userId, id);
  return getContactView(db, userId, id, deps.settings.BCC_DOMAIN);
}

export async function updateContact(
  deps: Deps,
  userId: string,
  id: string,
  patch: ContactUpdate,
  source?: ValueSource,
  ifVersion?: string,
): Promise<ContactView> {
  const { db } = deps;
  const current = await contactRow(db, userId, id);
  if (!current) throw notFound('Contact');
  if (ifVersion !== undefined && ifVersion !== current.updatedAt) throw changedMeanwhile(current.updatedAt);

  const { kinds, list } = identifiersOf(patch);
  const [conflict] = await findIdentifierConflicts(db, userId, oneOwnerIdentifiers(list), id);
  if (conflict) throw duplicateIdentifierError(conflict);

  const cols = columnsOf(patch);
  if (setsCadence(cols)) anchorNewCadence(cols, await cadenceStartDate(deps, userId));
  const companyId = await resolveCompanyId(db, userId, patch);
  if (companyId !== undefined) cols.companyId = companyId;
  if (cols.firstName !== undefined || cols.lastName !== undefined) {
    const fullName = fullNameOf(
      cols.firstName !== undefined ? cols.firstName : current.firstName,
      cols.lastName !== undefined ? cols.lastName : current.lastName,
    );
    cols.fullName = fullName;
    Object.assign(cols, nameKeys(fullName));
  }
  const locationChanged = cols.location !== undefined && cols.location !== current.location;
  if (locationChanged) {
    // SPEC §3: a changed location is "not geocoded" again; the old pin must not linger.
    cols.latitude = null;
    cols.longitude = null;
    cols.geocodedPlace = null;
    if (!cols.location) {
      cols.geocodedLocation = null;
      cols.geocodedAt = null;
    }
  }
  cols.updatedAt = nowIso();

  const statements: Statement[] = [
    // Before the identifiers are replaced: an email the contact held already keeps its source.
    ...sourceStatementsOfWrite(userId, id, current, cols, { kinds, list }, source ?? deps.writer ?? TYPED, tagNormsOf(patch.tags)),
    ...builders([updateContactColumns(db, userId, id, cols)]),
    ...builders(replaceIdentifierStatements(db, userId, id, kinds, list)),
    ...builders(patch.tags !== undefined ? [deleteTagsOfContact(db, id), ...insertTagStatements(db, userId, id, patch.tags)] : []),
  ];
  await runBatch(db, statements, list, userId, id);
  if (locationChanged && cols.location) await enqueueGeocode(deps, userId, id);
  return getContactView(db, userId, id, deps.settings.BCC_DOMAIN);
}

export async function enqueueGeocode(deps: Deps, userId: string, contactId: string): Promise<void> {
  await deps.jobs.send({ type: 'geocode_contact', user_id: userId, contact_id: contactId });
}
