import { nowIso } from '../../db/columns';
import { monicaPage, type MonicaApi } from '../../providers/monica/monica-client';
import { ProviderError } from '../../providers/provider-error';
import type { Deps } from '../deps';
import { markImportRunning } from '../imports/import-queries';
import { providerHttp } from '../provider-http';
import { decryptSecret } from '../secrets/stored-secret';
import { emitImportFinished } from '../webhooks/emit-domain-events';
import { monicaAddressRefusal } from './monica-address';
import { findMonicaRun, markMonicaDone, monicaRunStatus, stopMonicaImport } from './monica-queries';
import { writeMonicaFiles } from './monica-files';
import { FILE_STAGES, nextStage, STAGE_PAGE_SIZE, STAGE_PATH, type MonicaConnection, type MonicaResume } from './monica-stages';
import { writeMonicaPage, type RunMemo } from './write-monica-page';

/**
 * Per queue message: pages of up to 100 records, well inside an invocation's D1 queries (1 000
 * on Workers Paid). A page of activities makes about 50 (its timeline entries are inserted 6 to a
 * statement), so the run also stops after `queries`: the consumer may have spent up to its
 * JOB_BATCH_QUERY_BUDGET (500) on other messages before this one starts.
 */
export interface MonicaRunLimits {
  pagesPerRun: number;
  budgetMs: number;
  queries: number;
  /** Photos, documents and avatars fetched and stored: each is a fetch and an R2 put, within an invocation's subrequests. */
  files: number;
}
const RUN_LIMITS: MonicaRunLimits = { pagesPerRun: 25, budgetMs: 20_000, queries: 400, files: 100 };

export const UNAUTHORIZED_MESSAGE =
  'Monica refused the token (401): it may have expired or been revoked. Create a new one in Monica (Settings → API → Personal access tokens) and start the import again; what came in so far stays.';

/**
 * The run_monica_import job: walks the instance's lists page by page from where the import
 * stands (MONICA_STAGES), writing each page with its resume point, and hands the rest to a
 * new message after a while. A 401 or an answer that is no Monica list stops the import with
 * the reason; a 429 or 5xx goes back to the queue (the handler), to resume at the same page.
 */
export async function runMonicaImport(deps: Deps, importId: string, limits: MonicaRunLimits = RUN_LIMITS): Promise<void> {
  const d1 = deps.store.d1;
  const userId = deps.store.userId;
  const run = await findMonicaRun(d1, importId, userId);
  if (!run || run.status === 'done' || run.status === 'failed' || !run.resume) return;
  const conn = JSON.parse(run.mapping) as MonicaConnection;
  const stop = async (message: string) => {
    await stopMonicaImport(d1, importId, userId, nowIso(), message);
    await emitImportFinished(deps, importId);
  };
  if (!conn.token) return stop('The import lost its token; start it again.');
  const refusal = await monicaAddressRefusal(new URL(conn.api_root), deps.settings);
  if (refusal) return stop(refusal);
  await markImportRunning(d1, importId, nowIso());

  const api: MonicaApi = {
    ...providerHttp(deps.settings),
    apiRoot: conn.api_root,
    token: await decryptSecret(deps.settings.ENCRYPTION_KEY, conn.token),
  };
  const memo: RunMemo = {};
  let at = JSON.parse(run.resume) as MonicaResume;
  const started = Date.now();
  const queriesBefore = deps.timer?.queries ?? 0;
  const spent = () => (deps.timer?.queries ?? 0) - queriesBefore;
  let files = 0;
  try {
    for (let n = 0; ; n++) {
      if (n === limits.pagesPerRun || Date.now() - started >= limits.budgetMs || spent() >= limits.queries || files >= limits.files) {
        await deps.jobs.send({ type: 'run_monica_import', user_id: userId, import_id: importId });
        return;
      }
      // Cancelled from the Import page since the last page: stop here.
      if (n > 0 && (await monicaRunStatus(d1, importId)) !== 'running') return;
      const page = await monicaPage<unknown>(api, STAGE_PATH[at.stage], at.page, STAGE_PAGE_SIZE[at.stage]);
      const more = page.data.length > 0 && page.meta.current_page < page.meta.last_page;
      const following = more ? { stage: at.stage, page: at.page + 1 } : nextStage(at.stage);
      const next: MonicaResume = typeof following === 'string' ? { stage: following, page: 1 } : (following ?? at);
      if (FILE_STAGES.has(at.stage)) files += await writeMonicaFiles(deps, api, importId, at, page, next);
      else files += await writeMonicaPage(deps, importId, api, at, page, next, memo);
      if (!following) {
        await markMonicaDone(d1, importId, nowIso());
        await emitImportFinished(deps, importId);
        return;
      }
      at = next;
    }
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unauthorized') return stop(UNAUTHORIZED_MESSAGE);
    if (error instanceof ProviderError && error.kind === 'bad_response') return stop(`Monica's answer could not be read: ${error.detail}.`);
    throw error;
  }
}
