import type { Deps } from '../../domain/deps';
import { digestSubscribers, sendWeeklyDigest } from '../../domain/keep-in-touch/weekly-digest';
import { mailerFromEnv } from '../../domain/mail/mailer';
import type { JobMessage } from '../messages';

/** Monday: one job per user who turned the weekly digest on; each sends that user's email. */
export async function sendWeeklyDigestJob(deps: Deps, job: Extract<JobMessage, { type: 'send_weekly_digest' }>): Promise<void> {
  if (job.user_id) {
    await sendWeeklyDigest(deps.db, mailerFromEnv(deps.env, deps.settings), deps.settings, job.user_id);
    return;
  }
  let after = '';
  for (;;) {
    const page = await digestSubscribers(deps.db, after);
    if (page.length === 0) break;
    await deps.jobs.sendBatch(page.map((u) => ({ body: { type: 'send_weekly_digest' as const, user_id: u.id } })));
    after = page[page.length - 1]!.id;
  }
}
