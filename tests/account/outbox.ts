import type { Mailer, OutgoingEmail } from '../../worker/domain/mail/mailer';

/** A mail provider stand-in that keeps what it was given (the real one is the EMAIL binding). */
export function outbox(): { mailer: Mailer; sent: OutgoingEmail[]; resetToken: () => string } {
  const sent: OutgoingEmail[] = [];
  return {
    sent,
    mailer: async (message) => {
      sent.push(message);
    },
    resetToken: () => {
      const link = sent.at(-1)?.text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/);
      if (!link) throw new Error(`no reset link in ${JSON.stringify(sent)}`);
      return decodeURIComponent(link[1]!);
    },
  };
}

/**
 * Stands in for the `EMAIL` send_email binding (Cloudflare's mail service, the outside
 * boundary), so a test can run the real routes and read what they mailed.
 */
export function emailBinding(): { binding: SendEmail; sent: { to: string; text: string }[]; resetLinks: () => string[] } {
  const sent: { to: string; text: string }[] = [];
  const binding = {
    send: async (message: { to: string; text: string }) => {
      sent.push({ to: message.to, text: message.text });
      return { messageId: `test-${sent.length}` };
    },
  } as unknown as SendEmail;
  return { binding, sent, resetLinks: () => sent.flatMap((m) => m.text.match(/\S*\/reset-password\?token=\S+/g) ?? []) };
}
