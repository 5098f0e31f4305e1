import { sendSecurityAlert } from '../../domain/audit/security-alert-mail';
import type { Deps } from '../../domain/deps';
import { mailerFromEnv } from '../../domain/mail/mailer';
import type { JobMessage } from '../messages';

/** The email for an important security event (new-device sign-in, password, 2FA off, an account token). */
export async function sendSecurityAlertJob(deps: Deps, job: Extract<JobMessage, { type: 'send_security_alert' }>): Promise<void> {
  await sendSecurityAlert(deps, mailerFromEnv(deps.env, deps.settings), job.event_id);
}
