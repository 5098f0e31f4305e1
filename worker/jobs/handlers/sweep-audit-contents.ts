import { databaseNamed, everyUserDatabase } from '../../db/stores';
import type { ServerDeps } from '../../domain/deps';
import { sweepAuditContentsPage } from '../../domain/audit/sweep-audit-contents';
import type { JobMessage } from '../messages';

// Pages one invocation sweeps before handing the rest to a fresh message.
const PAGES_PER_JOB = 10;

/** Nightly: the contents of audit records whose undo or unmerge window closed, per user database (ADR 026). */
export async function sweepAuditContentsJob(deps: ServerDeps, job: Extract<JobMessage, { type: 'sweep_audit_contents' }>): Promise<void> {
  if (!job.database) {
    await deps.jobs.sendBatch(everyUserDatabase(deps.env).map(({ database }) => ({ body: { type: 'sweep_audit_contents', database } })));
    return;
  }
  const d1 = databaseNamed(deps.env, job.database);
  for (let page = 0; page < PAGES_PER_JOB; page++) if (!(await sweepAuditContentsPage(d1))) return;
  await deps.jobs.send({ type: 'sweep_audit_contents', database: job.database });
}
