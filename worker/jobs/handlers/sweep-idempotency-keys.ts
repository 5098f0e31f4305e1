import { databaseNamed, everyUserDatabase } from '../../db/stores';
import type { ServerDeps } from '../../domain/deps';
import { sweepKeyPage } from '../../domain/idempotency/sweep-keys';
import type { JobMessage } from '../messages';

// Pages one invocation sweeps before handing the rest to a fresh message.
const PAGES_PER_JOB = 20;

/** Nightly: idempotency keys past their 30 days, per user database (ADR 045). */
export async function sweepIdempotencyKeysJob(
  deps: ServerDeps,
  job: Extract<JobMessage, { type: 'sweep_idempotency_keys' }>,
): Promise<void> {
  if (!job.database) {
    await deps.jobs.sendBatch(everyUserDatabase(deps.env).map(({ database }) => ({ body: { type: 'sweep_idempotency_keys', database } })));
    return;
  }
  const d1 = databaseNamed(deps.env, job.database);
  for (let page = 0; page < PAGES_PER_JOB; page++) if (!(await sweepKeyPage(d1))) return;
  await deps.jobs.send({ type: 'sweep_idempotency_keys', database: job.database });
}
