import type { ServerDeps } from '../../domain/deps';
import { sendPasswordReset } from '../../domain/auth/password-sign-in';
import type { JobMessage } from '../messages';

/** "Forgot password", after the answer: a link for an address with an account, nothing for one without. */
export async function sendPasswordResetJob(deps: ServerDeps, job: Extract<JobMessage, { type: 'send_password_reset' }>): Promise<void> {
  await sendPasswordReset(deps, job.email_sealed);
}
