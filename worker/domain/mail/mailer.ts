import type { Env, Settings } from '../../env';
import { appOrigin } from '../settings/app-origin';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe); never Kith's own (From, To, Subject). */
  headers?: Record<string, string>;
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
        ...(message.headers ? { headers: message.headers } : {}),
      });
    };
  }
  // Never the text: it holds reset links and other secrets, and logs are kept and shared.
  return async (message) => {
    console.log(
      `[mail] not sent: this server has no EMAIL binding (wrangler.toml [[send_email]]); an email "${message.subject}" would have gone to ${maskedAddress(message.to)}`,
    );
  };
}

/** "alice@example.com" -> "a***@example.com": enough to tell whom, not enough to collect addresses. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
