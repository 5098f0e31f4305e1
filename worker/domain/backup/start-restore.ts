import { newId, nowIso } from '../../db/columns';
import { stageRowsStatement } from '../imports/import-queries';
import type { Deps } from '../deps';
import { readBackupFile } from './backup-file';
import { dropRestoreStatements, newRestoreStatement } from './restore-queries';
import { assertMayImport } from '../imports/import-limit';

// One staging statement carries its lines in one bound JSON parameter: keep it modest, and
// send a few to D1 at a time so a large file is never held twice.
const MAX_STAGING_CHARS = 800_000;
const STATEMENTS_PER_BATCH = 5;

/**
 * A full backup goes through the import pipeline (ADR 029): the whole file is checked first
 * (backup-file.ts: a damaged or newer file is refused and nothing is kept), then each record
 * line is staged as a row of an import whose source is 'backup', and the run_import job
 * restores them chunk by chunk in file order, with progress on GET /imports/{id}.
 */
export async function startRestore(deps: Deps, input: { fileName: string | null; bytes: Uint8Array }): Promise<{ import_id: string }> {
  assertMayImport(deps.db);
  const file = readBackupFile(input.bytes);
  const d1 = deps.store.d1;
  const id = newId();
  await newRestoreStatement(d1, {
    id,
    userId: deps.store.userId,
    total: file.records,
    fileName: input.fileName?.slice(0, 200) ?? null,
    now: nowIso(),
  }).run();
  try {
    let statements: D1PreparedStatement[] = [];
    let batch: [number, string][] = [];
    let size = 0;
    const flush = async (force: boolean) => {
      if (batch.length) statements.push(stageRowsStatement(d1, id, batch));
      batch = [];
      size = 0;
      if (statements.length && (force || statements.length >= STATEMENTS_PER_BATCH)) {
        await d1.batch(statements);
        statements = [];
      }
    };
    for (const line of file.lines()) {
      if (size + line.text.length > MAX_STAGING_CHARS) await flush(false);
      batch.push([line.number, line.text]);
      size += line.text.length;
    }
    await flush(true);
  } catch (error) {
    await d1.batch(dropRestoreStatements(d1, id, deps.store.userId));
    throw error;
  }
  await deps.jobs.send({ type: 'run_import', user_id: deps.store.userId, import_id: id });
  return { import_id: id };
}
