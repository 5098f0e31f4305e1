import { databaseNamed, everyUserDatabase } from '../../db/stores';
import type { ServerDeps } from '../../domain/deps';
import { sweepTombstonePage } from '../../domain/changes/sweep-tombstones';
import type { JobMessage } from '../messages';

// Pages one invocation sweeps before handing the rest to a fresh message.
const PAGES_PER_JOB = 20;

/** Nightly: the change log's tombstones past their retention, per user database (ADR 021). */
export async function sweepContactChangesJob(deps: ServerDeps, job: Extract<JobMessage, { type: 'sweep_contact_changes' }>): Promise<void> {
  if (!job.database) {
    await deps.jobs.sendBatch(everyUserDatabase(deps.env).map(({ database }) => ({ body: { type: 'sweep_contact_changes', database } })));
    return;
  }
  const d1 = databaseNamed(deps.env, job.database);
  for (let page = 0; page < PAGES_PER_JOB; page++) if (!(await sweepTombstonePage(d1))) return;
  await deps.jobs.send({ type: 'sweep_contact_changes', database: job.database });
}
