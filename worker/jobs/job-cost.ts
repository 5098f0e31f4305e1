import { directoryOf } from '../db/stores';
import { DbTimer } from '../db/timed-d1';
import type { ServerDeps } from '../domain/deps';
import type { JobMessage } from './messages';

/**
 * Runs one job; with LOG_JOB_COST on, on its own counted database handle, then logs one JSON
 * line of what it cost in D1 (D1 bills rows read and written; a queue invocation has a query limit).
 */
export async function withJobCost(deps: ServerDeps, job: JobMessage, run: (deps: ServerDeps) => Promise<void>): Promise<void> {
  if (!deps.settings.LOG_JOB_COST) return run(deps);
  const timer = new DbTimer();
  const start = performance.now();
  // The timer reaches the user's store too: depsForUser builds it from these deps.
  await run({ ...deps, directory: directoryOf(deps.env, timer), timer });
  const userId = 'user_id' in job ? job.user_id : undefined;
  console.log(
    JSON.stringify({ job_cost: job.type, user_id: userId ?? null, queries: timer.queries, rows_read: timer.rowsRead, rows_written: timer.rowsWritten, ms: Math.round(performance.now() - start) }),
  );
}
