import type { ServerDeps } from '../../domain/deps';
import { sweepRateLimitPage } from '../../domain/auth/sweep-rate-limits';
import type { JobMessage } from '../messages';

// Pages one invocation sweeps before handing the rest to a fresh message: 20 000 keys, a few
// dozen queries, well inside one invocation's limits.
const PAGES_PER_JOB = 20;

/** Nightly: deletes rate-limit counters whose window is long over, a page of keys at a time. */
export async function sweepRateLimitsJob(deps: ServerDeps, job: Extract<JobMessage, { type: 'sweep_rate_limits' }>): Promise<void> {
  let after: string | null = job.after_key ?? '';
  for (let page = 0; page < PAGES_PER_JOB && after !== null; page++) after = await sweepRateLimitPage(deps.directory.db, after);
  if (after !== null) await deps.jobs.send({ type: 'sweep_rate_limits', after_key: after });
}
