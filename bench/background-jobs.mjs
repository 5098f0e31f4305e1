// The Worker's queue jobs, as the bench server logs them (LOG_JOB_COST=1: one job_cost line per
// job). wrangler dev runs the queue consumer in the same workerd process as the pages, so on the
// bench machine a job competes with a page load for the same two cores; in production the
// consumer runs in isolates of its own. Figures a user feels are taken once the queue is quiet.

/** Every job_cost line the Worker logged, in order. */
export function jobCosts(server) {
  return server
    .log()
    .split('\n')
    .filter((line) => line.includes('"job_cost"') && line.trimEnd().endsWith('}'))
    .map((line) => JSON.parse(line.slice(line.indexOf('{'), line.lastIndexOf('}') + 1)));
}

/**
 * Waits until no job has finished for `quietMs` (the cron's backfill and an import's geocoding
 * queue thousands of jobs after their request answered; a queue's retry delay can pause them for
 * seconds, so a short quiet is not yet the end). Returns how many jobs ran meanwhile
 * and how long it took, so the wait shows in the run's log.
 */
export async function untilBackgroundSettles(server, { quietMs = 10_000, timeoutMs = 10 * 60_000 } = {}) {
  const start = performance.now();
  const before = jobCosts(server).length;
  let seen = before;
  let lastChange = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = jobCosts(server).length;
    if (now !== seen) [seen, lastChange] = [now, performance.now()];
    else if (performance.now() - lastChange >= quietMs) break;
    if (performance.now() - start > timeoutMs)
      throw new Error(`background jobs still running after ${timeoutMs / 1000} s (${seen - before} ran)`);
  }
  return { jobs: seen - before, seconds: (performance.now() - start - quietMs) / 1000 };
}
