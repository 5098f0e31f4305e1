import { digestSubscribers, sendWeeklyDigest } from '../../domain/keep-in-touch/weekly-digest';
import { mailerFromEnv } from '../../domain/mail/mailer';
import { perUserJob } from '../fan-out';

/** Monday: one job per user who turned the weekly digest on; each sends that user's email. */
export const sendWeeklyDigestJob = perUserJob('send_weekly_digest', digestSubscribers, (deps, userId) =>
  sendWeeklyDigest(deps, mailerFromEnv(deps.env, deps.settings), deps.settings, userId),
);
