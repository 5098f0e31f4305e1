import { depsFromEnv } from '../domain/deps';
import { logBccEmail } from '../domain/bcc/log-bcc-email';
import { AppError } from '../domain/errors';
import type { Env } from '../env';

/** Email Routing entry point: BCC logging to the contact named by the recipient address. */
export async function receiveEmail(message: ForwardableEmailMessage, env: Env): Promise<void> {
  try {
    await logBccEmail(depsFromEnv(env), message.raw, message.to);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      message.setReject('Unknown Kith logging address');
      return;
    }
    if (error instanceof AppError && error.code === 'invalid_request') {
      message.setReject('Kith could not read this message (malformed MIME)');
      return;
    }
    throw error;
  }
}
