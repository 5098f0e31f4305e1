import { nowIso } from '../../db/columns';
import type { ValueSource } from '../sources/source-kinds';
import { planContactUpserts } from '../contacts/upsert-contacts';
import { enqueueGeocoding } from '../geocoding/enqueue-geocoding';
import { knownPlaces } from '../geocoding/known-places';
import type { Deps } from '../deps';
import { runRestore } from '../backup/run-restore';
import { arrivedIds, contactsArrived } from './contacts-arrived';
import { announceFound } from '../life-events/announce-found';
import type { ColumnMapping } from './column-mapping';
import type { ValueWarning } from '../contacts/read-contact';
import type { ImportError, ImportWarning } from './import-status';
import { emitImportFinished } from '../webhooks/emit-domain-events';
import {
  deleteStagedRowsStatement,
  findImportToRun,
  importProgressStatement,
  markImportDone,
  markImportFailedWith,
  markImportRunning,
  nextStagedRows,
  type ImportToRun,
  type StagedRow,
} from './import-queries';
import { importedRemindersStatement, recordImportedLastContacts, type ImportedFollowUp } from './imported-follow-ups';
import { rowToRecord } from './row-to-record';
import { relatedNamesStatements, type CardLinks } from '../relationships/related-names';
import { importedOrganizationsStatement } from './vcard-organizations';
import { importedDatesStatements, readVcardRows, type VcardRowResult } from './vcard-rows';

// Rows per chunk: one lookup batch and one write batch each. The json_each writes carry a
// whole chunk in one bound parameter; a chunk that still fails is split in halves down to
// single rows, so only the row at fault is reported and nothing before it is lost.
export const CHUNK_ROWS = 500;
// A vCard row may carry an inline photo: fewer per chunk keeps each read small.
const VCARD_CHUNK_ROWS = 100;
/**
 * Per queue message: stay well inside one invocation's D1 query budget (~10 queries a chunk)
 * and hand the rest to a fresh message after a while. A parameter of runImport, so a test can
 * reach a run's end with a few chunks.
 */
export interface RunLimits {
  chunksPerRun: number;
  budgetMs: number;
}
const RUN_LIMITS: RunLimits = { chunksPerRun: 60, budgetMs: 20_000 };

export interface Tally {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errors: ImportError[];
  /** Rows imported with values Kith did not take as given, and those values. */
  warned: number;
  warnings: ImportWarning[];
  /** Company cards imported as organizations (vCard). */
  organizations: number;
}

export const emptyTally = (): Tally => ({
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  errors: [],
  warned: 0,
  warnings: [],
  organizations: 0,
});

/** Adds one row's warnings (the values of a record, and those the upsert kept on another contact). */
export function addWarnings(tally: Tally, row: number, ...lists: (ValueWarning[] | undefined)[]): void {
  const all = lists.flatMap((l) => l ?? []);
  if (all.length === 0) return;
  tally.warned++;
  // Cut long values and messages: the imports row holds hundreds of these under D1's 1 MB.
  tally.warnings.push(...all.map((w) => ({ row, field: w.field, value: w.value.slice(0, 200), message: w.message.slice(0, 400) })));
}

/**
 * The queue job of a file import: processes staged rows chunk by chunk, then either hands
 * itself the rest (a new message) or marks the import done. Each chunk hands its contacts to
 * `contacts_arrived`.
 */
export async function runImport(deps: Deps, userId: string, importId: string, limits: RunLimits = RUN_LIMITS): Promise<void> {
  const d1 = deps.store.d1;
  const imp = await findImportToRun(d1, importId, userId);
  if (!imp || imp.status === 'done' || imp.status === 'failed') return;
  if (imp.source === 'backup') {
    await markImportRunning(d1, importId, nowIso());
    return runRestore(deps, imp, limits);
  }
  const { headers = [], mapping = {} } = JSON.parse(imp.mapping) as { headers?: string[]; mapping?: ColumnMapping };
  await markImportRunning(d1, importId, nowIso());

  const started = Date.now();
  for (let n = 0; ; n++) {
    const results = await nextStagedRows(d1, importId, imp.source === 'vcard' ? VCARD_CHUNK_ROWS : CHUNK_ROWS);
    if (results.length === 0) {
      await markImportDone(d1, importId, nowIso());
      await emitImportFinished(deps, importId);
      return;
    }
    // Rows are left: only now is it known that the run must hand them over. An import whose rows
    // end with this run's last chunk is done here, not in a new message queued behind the
    // geocoding jobs of its chunks (30 000 rows are exactly 60 chunks).
    if (n === limits.chunksPerRun || Date.now() - started >= limits.budgetMs) break;
    await importChunk(deps, imp, headers, mapping, results);
  }
  await deps.jobs.send({ type: 'run_import', user_id: userId, import_id: importId });
}

async function importChunk(deps: Deps, imp: ImportToRun, headers: string[], mapping: ColumnMapping, rows: StagedRow[]): Promise<void> {
  const d1 = deps.store.d1;
  const tally = emptyTally();
  try {
    const results: VcardRowResult[] =
      imp.source === 'vcard'
        ? await readVcardRows(
            deps,
            imp.user_id,
            rows.map((r) => r.cells),
          )
        : await Promise.all(rows.map((r) => rowToRecord(headers, mapping, JSON.parse(r.cells) as string[])));
    const records = results.flatMap((r) => (r.status === 'record' ? [r.record] : []));
    // Contacts in places the cache knows are written placed; only the others are geocoded.
    const placeOf = await knownPlaces(
      deps,
      records.map((r) => r.input.location),
    );
    // A vCard is a file import like a CSV: its contacts carry the "CSV import" source.
    const valueSource: ValueSource = {
      kind: imp.source === 'vcard' ? 'vcard' : imp.source === 'linkedin' ? 'linkedin' : 'csv',
      ref: imp.id,
    };
    const plan = await planContactUpserts(deps, imp.user_id, records, imp.source === 'vcard' ? 'csv' : imp.source, placeOf, valueSource, {
      source: 'import',
      importId: imp.id,
    });
    const dated: { contactId: string; dates: NonNullable<VcardRowResult['dates']> }[] = [];
    const linked: CardLinks[] = [];
    const followUps: ImportedFollowUp[] = [];
    let next = 0;
    results.forEach((result, i) => {
      const row = rows[i]!.row_number;
      if (result.status === 'record') {
        const { outcome, contactId, warnings } = plan.outcomes[next++]!;
        // Matched a contact and found nothing to add: skipped, but not an error to report.
        tally[outcome === 'unchanged' ? 'skipped' : outcome]++;
        if (result.dates?.length) dated.push({ contactId, dates: result.dates });
        if (result.related?.length) linked.push({ contactId, related: result.related });
        if ('lastContacted' in result || 'reminderOn' in result)
          followUps.push({ contactId, lastContacted: result.lastContacted, reminderOn: result.reminderOn });
        // The row was imported: a notice (a photo too large to keep, a date Kith cannot read) is a warning, not an error.
        const notice = result.notice ? [{ field: '', value: '', message: result.notice }] : [];
        addWarnings(tally, row, result.warnings, warnings, notice);
      } else if (result.status === 'organization') {
        tally.organizations++;
      } else {
        tally[result.status]++;
        tally.errors.push({ row, message: result.message });
      }
    });
    const dates = importedDatesStatements(deps.db, imp.user_id, dated, valueSource);
    const orgs = importedOrganizationsStatement(
      d1,
      imp.user_id,
      results.flatMap((r) => (r.status === 'organization' ? [r.organization] : [])),
    );
    const reminders = importedRemindersStatement(d1, imp.user_id, followUps);
    await d1.batch([
      ...plan.statements,
      ...dates,
      ...(orgs ? [orgs] : []),
      ...(reminders ? [reminders] : []),
      ...bookkeeping(d1, imp.id, rows, tally),
    ]);
    await linkRelatedNames(deps, imp, linked);
    await enqueueGeocoding(deps, imp.user_id, plan.geocode);
    await recordImportedLastContacts(deps, imp.user_id, followUps);
    await contactsArrived(deps, arrivedIds(plan.outcomes));
    await announceFound(deps, plan.proposalIds);
  } catch (error) {
    if (rows.length > 1) {
      const half = Math.ceil(rows.length / 2);
      await importChunk(deps, imp, headers, mapping, rows.slice(0, half));
      await importChunk(deps, imp, headers, mapping, rows.slice(half));
      return;
    }
    console.warn('Import row failed', imp.id, rows[0]!.row_number, error instanceof Error ? error.message : String(error));
    const failed: Tally = { ...emptyTally(), failed: 1, errors: [{ row: rows[0]!.row_number, message: 'Could not be saved' }] };
    await d1.batch(bookkeeping(d1, imp.id, rows, failed));
  }
}

/**
 * The cards' related names, after their contacts are written (a name may be a contact of this
 * very chunk). The rows are already imported: a failure here loses the links, not the rows.
 */
async function linkRelatedNames(deps: Deps, imp: ImportToRun, linked: CardLinks[]): Promise<void> {
  if (linked.length === 0) return;
  try {
    const statements = await relatedNamesStatements(deps.store, linked, { replace: false });
    if (statements.length) await deps.store.d1.batch(statements);
  } catch (error) {
    console.warn('Import links failed', imp.id, error instanceof Error ? error.message : String(error));
  }
}

/** Removes the chunk's staged rows and adds its counts, in the same batch as its contacts. */
function bookkeeping(d1: D1Database, importId: string, rows: StagedRow[], t: Tally): D1PreparedStatement[] {
  return [
    deleteStagedRowsStatement(
      d1,
      importId,
      rows.map((r) => r.row_number),
    ),
    importProgressStatement(d1, importId, rows.length, t, nowIso()),
  ];
}

export async function markImportFailed(deps: Deps, importId: string, message: string): Promise<void> {
  await markImportFailedWith(deps.store.d1, importId, nowIso(), message);
  await emitImportFinished(deps, importId);
}
