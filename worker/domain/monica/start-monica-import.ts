import { newId, nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { findImport } from '../imports/import-queries';
import { encryptSecret } from '../secrets/stored-secret';
import { monicaAddressRefusal, monicaApiRoot } from './monica-address';
import { newMonicaImportStatement, stopMonicaImport } from './monica-queries';
import type { MonicaConnection } from './monica-stages';
import { assertMayImport, assertMayReadImports } from '../imports/import-limit';

export interface MonicaImportInput {
  url: string;
  token: string;
}

/**
 * POST /imports/monica: checks the instance address (the webhooks' SSRF rules), keeps the token
 * sealed with ENCRYPTION_KEY on the import row for the run only, and queues the job; the answer
 * is the import to follow on GET /imports/{id}.
 */
export async function startMonicaImport(deps: Deps, input: MonicaImportInput): Promise<{ import_id: string }> {
  assertMayImport(deps.db);
  const root = monicaApiRoot(input.url);
  const refusal = await monicaAddressRefusal(root, deps.settings);
  if (refusal) throw new AppError('not_processable', refusal, { issues: [{ path: 'url', message: refusal }] });
  const connection: MonicaConnection = {
    api_root: root.toString().replace(/\/+$/, ''),
    token: await encryptSecret(deps.settings.ENCRYPTION_KEY, input.token.trim()),
  };
  const id = newId();
  await newMonicaImportStatement(deps.store.d1, {
    id,
    userId: deps.store.userId,
    mapping: JSON.stringify(connection),
    resume: { stage: 'contacts', page: 1 },
    now: nowIso(),
  }).run();
  await deps.jobs.send({ type: 'run_monica_import', user_id: deps.store.userId, import_id: id });
  return { import_id: id };
}

/** POST /imports/{id}/cancel: stops a Monica import between two pages; what came in stays, the token is forgotten. */
export async function cancelMonicaImport(deps: Deps, importId: string): Promise<void> {
  assertMayReadImports(deps.db, 'cancel an import');
  const stopped = await stopMonicaImport(
    deps.store.d1,
    importId,
    deps.store.userId,
    nowIso(),
    'Cancelled by you; what came in before stays.',
  );
  if (stopped) return;
  if (!(await findImport(deps.db, deps.store.userId, importId))) throw notFound('Import');
  throw new AppError('conflict', 'Only a Monica import that is still running can be cancelled');
}
