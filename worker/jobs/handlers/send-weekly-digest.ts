import { depsForUser, type ServerDeps } from '../../domain/deps';
import { digestSubscribers, sendWeeklyDigest } from '../../domain/keep-in-touch/weekly-digest';
import { mailerFromEnv } from '../../domain/mail/mailer';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';

/** Monday: one job per user who turned the weekly digest on; each sends that user's email. */
export async function sendWeeklyDigestJob(server: ServerDeps, job: Extract<JobMessage, { type: 'send_weekly_digest' }>): Promise<void> {
  if (job.user_id) {
    await sendWeeklyDigest(await depsForUser(server, job.user_id), mailerFromEnv(server.env, server.settings), server.settings, job.user_id);
    return;
  }
  await fanOutStep(server, job.type, job, digestSubscribers);
}
