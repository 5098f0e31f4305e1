import { nowIso } from '../../db/columns';
import { updateProfile } from '../auth/users';
import type { Deps } from '../deps';
import {
  deleteStagedRowsStatement,
  importProgressStatement,
  markImportDone,
  nextStagedRows,
  type ImportToRun,
} from '../imports/import-queries';
import { planRestoreChunk, type StagedLine } from './restore-chunk';

// Lines per chunk: a contact's line may carry its photo (up to 700 000 characters).
const CHUNK_LINES = 100;

type Progress = Parameters<typeof importProgressStatement>[3];
const progress = (p: Partial<Progress>): Progress => ({
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  errors: [],
  warned: 0,
  warnings: [],
  organizations: 0,
  ...p,
});

/**
 * The run_import job of a restore (source 'backup'): restores staged lines chunk by chunk in
 * file order, each chunk's rows, the ids they were given and its progress in one batch, then
 * hands itself the rest in a new message, as a file import does. No auto-merge follows: the
 * backup's contacts are the user's own, kept apart as they were.
 */
export async function runRestore(deps: Deps, imp: ImportToRun, limits: { chunksPerRun: number; budgetMs: number }): Promise<void> {
  const d1 = deps.store.d1;
  const started = Date.now();
  for (let n = 0; ; n++) {
    const lines = await nextStagedRows(d1, imp.id, CHUNK_LINES);
    if (lines.length === 0) {
      await markImportDone(d1, imp.id, nowIso());
      return;
    }
    if (n === limits.chunksPerRun || Date.now() - started >= limits.budgetMs) break;
    await restoreChunk(deps, imp, lines);
  }
  await deps.jobs.send({ type: 'run_import', user_id: imp.user_id, import_id: imp.id });
}

async function restoreChunk(deps: Deps, imp: ImportToRun, lines: StagedLine[]): Promise<void> {
  const d1 = deps.store.d1;
  const done = (p: Progress) => [
    deleteStagedRowsStatement(
      d1,
      imp.id,
      lines.map((l) => l.row_number),
    ),
    importProgressStatement(d1, imp.id, lines.length, p, nowIso()),
  ];
  try {
    const plan = await planRestoreChunk(deps, lines);
    await d1.batch([
      ...plan.statements,
      ...done(
        progress({ created: plan.created, updated: plan.updated, skipped: plan.skipped, failed: plan.errors.length, errors: plan.errors }),
      ),
    ]);
    if (plan.settings) await restoreProfile(deps, plan.settings);
  } catch (error) {
    // A chunk that fails is split down to the line at fault: only that line is reported, nothing before it is lost.
    if (lines.length > 1) {
      const half = Math.ceil(lines.length / 2);
      await restoreChunk(deps, imp, lines.slice(0, half));
      await restoreChunk(deps, imp, lines.slice(half));
      return;
    }
    console.warn('Restore line failed', imp.id, lines[0]!.row_number, error instanceof Error ? error.message : String(error));
    await d1.batch(done(progress({ failed: 1, errors: [{ row: lines[0]!.row_number, message: 'Could not be restored' }] })));
  }
}

/** The backup's name and time zone; a zone this server does not know leaves the account's own. */
async function restoreProfile(deps: Deps, settings: { name: string; time_zone: string }): Promise<void> {
  if (settings.name.trim()) await updateProfile(deps, deps.store.userId, { name: settings.name });
  try {
    await updateProfile(deps, deps.store.userId, { time_zone: settings.time_zone });
  } catch (error) {
    console.warn('Restore kept the time zone', error instanceof Error ? error.message : String(error));
  }
}
