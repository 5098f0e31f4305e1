import { directoryOf } from '../db/stores';
import { DbTimer } from '../db/timed-d1';
import type { ServerDeps } from '../domain/deps';
import type { JobMessage } from './messages';

/** The D1 queries one queue invocation has made so far, across its jobs. */
export interface InvocationCost {
  queries: number;
}

/**
 * Runs one job on its own counted database handle and adds its D1 queries, failed or not, to
 * the invocation's (a queue invocation may make only so many). With LOG_JOB_COST on, it also
 * logs one JSON line of what the job cost in D1 (D1 bills rows read and written).
 */
export async function withJobCost(
  deps: ServerDeps,
  job: JobMessage,
  run: (deps: ServerDeps) => Promise<void>,
  invocation: InvocationCost,
): Promise<void> {
  const timer = new DbTimer();
  const start = performance.now();
  try {
    // The timer reaches the user's store too: depsForUser builds it from these deps.
    await run({ ...deps, directory: directoryOf(deps.env, timer), timer });
  } finally {
    invocation.queries += timer.queries;
  }
  if (deps.settings.LOG_JOB_COST) {
    const userId = 'user_id' in job ? job.user_id : undefined;
    console.log(
      JSON.stringify({
        job_cost: job.type,
        user_id: userId ?? null,
        queries: timer.queries,
        rows_read: timer.rowsRead,
        rows_written: timer.rowsWritten,
        ms: Math.round(performance.now() - start),
      }),
    );
  }
}
