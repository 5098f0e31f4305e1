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
