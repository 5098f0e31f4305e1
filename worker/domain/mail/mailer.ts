import type { Env, Settings } from '../../env';
import { appOrigin } from '../settings/app-origin';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one email. Domain code takes a Mailer, so tests can hand in their own outbox. */
export type Mailer = (message: OutgoingEmail) => Promise<void>;

function senderAddress(settings: Settings): string {
  if (settings.MAIL_FROM) return settings.MAIL_FROM;
  const origin = appOrigin(settings);
  const host = origin ? new URL(origin).hostname : 'kith.localhost';
  return `noreply@${host}`;
}

/**
 * Cloudflare's `send_email` binding (EMAIL in wrangler.toml). Locally, wrangler dev
 * simulates it: the message is logged and written to a file, never sent. Without the
 * binding at all the message is only logged, so a self-hosted install still works.
 */
export function mailerFromEnv(env: Env, settings: Settings): Mailer {
  const binding = env.EMAIL;
  const from = { email: senderAddress(settings), name: 'Kith' };
  if (binding) {
    return async (message) => {
      await binding.send({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    };
  }
  return async (message) => {
    console.log(`[mail] no EMAIL binding; to ${message.to}: ${message.subject}\n${message.text}`);
  };
}
