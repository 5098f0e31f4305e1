import { nowIso } from '../../db/columns';
import { MONICA_PAGE_SIZE, type MonicaApi } from '../../providers/monica/monica-client';
import type { MonicaContact, MonicaGroup, MonicaPage } from '../../providers/monica/monica-types';
import { cadenceStartDate } from '../keep-in-touch/cadence-start';
import { importedCadenceStatements } from './monica-group-queries';
import { cadencesOf, groupMemberIds, groupWrites } from './monica-groups';
import { groupNotesWrites } from './monica-group-notes';
import { planContactUpserts } from '../contacts/upsert-contacts';
import type { Deps } from '../deps';
import { enqueueGeocoding } from '../geocoding/enqueue-geocoding';
import { arrivedIds, contactsArrived } from '../imports/contacts-arrived';
import { announceFound } from '../life-events/announce-found';
import { knownPlaces } from '../geocoding/known-places';
import { importProgressStatement } from '../imports/import-queries';
import { insertImportedRemindersStatement } from '../imports/imported-records-queries';
import { addWarnings, emptyTally } from '../imports/run-import';
import { importedDatesStatements } from '../imports/vcard-rows';
import { recordInteractions } from '../timeline/record-interactions';
import type { ImportedDate } from '../imports/vcard-to-record';
import { replacedBirthdayStatements } from './monica-birthdays';
import { monicaAvatars } from './monica-avatars';
import { monicaContactToRecord } from './monica-contact';
import { contactIdsNamed, historyWrites } from './monica-history';
import {
  contactsOfFingerprints,
  insertRelationshipsStatement,
  namesOfImported,
  pageSavedStatement,
  setTotalStatement,
  upsertLifeEventsStatement,
  upsertPeopleStatement,
} from './monica-queries';
import { fingerprintsOfLinks, relationshipWrites } from './monica-relationships';
import { finishTaskRemindersStatement, refreshEntriesStatement, refreshRelationshipsStatement } from './monica-refresh-queries';
import { fingerprintPrefix, monicaFingerprint, type MonicaResume } from './monica-stages';

/** What one invocation reads once and keeps for its pages (the journal's names). */
export interface RunMemo {
  names?: { contact_id: string; full_name: string }[];
}

/** Writes one page of a Monica list, its counts and the point after it; answers the photos it fetched (the contacts' avatars). */
export async function writeMonicaPage(
  deps: Deps,
  importId: string,
  api: MonicaApi,
  at: MonicaResume,
  page: MonicaPage<unknown>,
  next: MonicaResume,
  memo: RunMemo,
): Promise<number> {
  if (at.stage === 'contacts') return writeContacts(deps, importId, api, at, page as MonicaPage<MonicaContact>, next);
  const apiRoot = api.apiRoot;
  const d1 = deps.store.d1;
  const userId = deps.store.userId;
  const now = nowIso();
  if (at.stage === 'relationships') {
    const contacts = page.data as MonicaContact[];
    const found = await contactsOfFingerprints(d1, userId, fingerprintsOfLinks(apiRoot, contacts));
    const writes = await relationshipWrites(userId, apiRoot, contacts, (id) => found.get(monicaFingerprint(apiRoot, id)));
    await d1.batch([
      ...(writes.people.length ? [upsertPeopleStatement(d1, userId, writes.people, now)] : []),
      ...(writes.sides.length
        ? [refreshRelationshipsStatement(d1, userId, writes.sides, now), insertRelationshipsStatement(d1, userId, writes.sides, now)]
        : []),
      pageSavedStatement(
        d1,
        importId,
        next,
        { relationships: writes.links, people: writes.people.length, relationships_missing: writes.missing },
        now,
      ),
    ]);
    return 0;
  }
  if (at.stage === 'groups') {
    const groups = page.data as MonicaGroup[];
    const found = await contactsOfFingerprints(
      d1,
      userId,
      groupMemberIds(groups).map((id) => monicaFingerprint(apiRoot, id)),
    );
    const writes = groupWrites(d1, userId, importId, groups, (id) => found.get(monicaFingerprint(apiRoot, id)));
    const notes = writes.notTags.length ? await groupNotesWrites(d1, userId, importId, writes.notTags, now) : null;
    const tally = emptyTally();
    // A group is no row of Monica's contacts: its warnings stand at row 0, as an import's own errors do.
    if (notes) addWarnings(tally, 0, notes.warnings);
    await d1.batch([
      ...writes.statements,
      ...(notes?.statements ?? []),
      ...(notes ? [importProgressStatement(d1, importId, 0, tally, now)] : []),
      pageSavedStatement(d1, importId, next, { groups: writes.groups }, now),
    ]);
    return 0;
  }
  const named = contactIdsNamed(at.stage, page.data);
  const found = await contactsOfFingerprints(
    d1,
    userId,
    named.map((id) => monicaFingerprint(apiRoot, id)),
  );
  if (at.stage === 'journal') memo.names ??= await namesOfImported(d1, userId, fingerprintPrefix(apiRoot));
  const writes = historyWrites(at.stage, page.data, {
    apiRoot,
    kithIdOf: (id) => (id === undefined ? undefined : found.get(monicaFingerprint(apiRoot, id))),
    today: now.slice(0, 10),
    names: memo.names,
  });
  // Timeline entries are keyed by their Monica ids: written again, they are skipped (and brought up to date below).
  await recordInteractions(deps, userId, writes.interactions, { imported: true });
  await d1.batch([
    ...(writes.refreshes.length ? [refreshEntriesStatement(d1, userId, writes.refreshes, now)] : []),
    ...(writes.doneKeys.length ? [finishTaskRemindersStatement(d1, userId, writes.doneKeys, now)] : []),
    ...(writes.reminders.length ? [insertImportedRemindersStatement(d1, userId, writes.reminders, now)] : []),
    ...(writes.lifeEvents.length ? [upsertLifeEventsStatement(d1, userId, importId, writes.lifeEvents, now)] : []),
    pageSavedStatement(d1, importId, next, writes.counts, now),
  ]);
  return 0;
}

async function writeContacts(
  deps: Deps,
  importId: string,
  api: MonicaApi,
  at: MonicaResume,
  page: MonicaPage<MonicaContact>,
  next: MonicaResume,
): Promise<number> {
  const d1 = deps.store.d1;
  const userId = deps.store.userId;
  const apiRoot = api.apiRoot;
  const tally = emptyTally();
  // Partial contacts (relatives without a card) become lightweight people with the relationships.
  const real = page.data.filter((c) => !c.is_partial);
  const results = real.map((c) => monicaContactToRecord(c, apiRoot));
  const avatars = await monicaAvatars(deps, api, real);
  results.forEach((r, i) => {
    const avatar = avatars.avatarOf.get(real[i]!.id);
    if (avatar && r.status === 'record') r.record.input.avatar_url = avatar;
  });
  const records = results.flatMap((r) => (r.status === 'record' ? [r.record] : []));
  const placeOf = await knownPlaces(
    deps,
    records.map((r) => r.input.location),
  );
  const plan = await planContactUpserts(
    deps,
    userId,
    records,
    'monica',
    placeOf,
    { kind: 'monica', ref: importId },
    { source: 'import', importId },
  );
  const dated: Parameters<typeof importedDatesStatements>[2] = [];
  const birthdaysOfKnown: { contactId: string; birthday: ImportedDate }[] = [];
  const landed: { contact: MonicaContact; kithId: string }[] = [];
  let nextOutcome = 0;
  results.forEach((result, i) => {
    const row = (at.page - 1) * MONICA_PAGE_SIZE + i + 1;
    if (result.status !== 'record') {
      tally[result.status]++;
      tally.errors.push({ row, message: `Monica contact ${page.data[i]?.id}: ${result.message}` });
      return;
    }
    const { outcome, contactId, warnings } = plan.outcomes[nextOutcome++]!;
    tally[outcome === 'unchanged' ? 'skipped' : outcome]++;
    if (result.dates.length) dated.push({ contactId, dates: result.dates });
    const birthday = result.dates.find((d) => d.kind === 'birthday');
    if (birthday && outcome !== 'created') birthdaysOfKnown.push({ contactId, birthday });
    landed.push({ contact: real[i]!, kithId: contactId });
    addWarnings(tally, row, result.warnings, warnings);
  });
  const replacedBirthdays = await replacedBirthdayStatements(d1, userId, birthdaysOfKnown);
  const dates = importedDatesStatements(deps.db, userId, dated, { kind: 'monica', ref: importId });
  const now = nowIso();
  const cadences = cadencesOf(landed);
  await d1.batch([
    ...plan.statements,
    ...replacedBirthdays,
    ...dates,
    ...(cadences.length ? importedCadenceStatements(d1, userId, cadences, await cadenceStartDate(deps, userId), importId, now) : []),
    ...(at.page === 1 ? [setTotalStatement(d1, importId, page.meta.total)] : []),
    importProgressStatement(d1, importId, page.data.length, tally, now),
    pageSavedStatement(
      d1,
      importId,
      next,
      {
        contacts: records.length,
        contacts_failed: results.length - records.length,
        cadences: cadences.length,
        avatars: avatars.avatarOf.size,
      },
      now,
    ),
  ]);
  await enqueueGeocoding(deps, userId, plan.geocode);
  await contactsArrived(deps, arrivedIds(plan.outcomes));
  await announceFound(deps, plan.proposalIds);
  return avatars.fetched;
}
