import type { Deps } from '../deps';
import { getUser } from '../auth/users';
import type { Mailer } from '../mail/mailer';
import { appOrigin } from '../settings/app-origin';
import { auditEntry } from './audit-queries';
import { securityEventWords, securityKindOf, type SecurityEventDetail } from './security-event-kinds';

const SUBJECTS: Record<string, string> = {
  'sign_in.new_device': 'New sign-in to your Kith account',
  'password.changed': 'Your Kith password was changed',
  'password.reset': 'Your Kith password was reset',
  'two_factor.disabled': 'Two-factor authentication was turned off on your Kith account',
  'token.created': 'A token with access to your Kith account was created',
};

/**
 * The `send_security_alert` job: the email for one recorded security event. It names what
 * happened, when, and from which device and masked address; it never carries a token, a
 * code or a link that signs anyone in. An event already swept or an account gone sends nothing.
 */
export async function sendSecurityAlert(deps: Deps, mailer: Mailer, eventId: string): Promise<'sent' | 'skipped'> {
  const [entry, user] = await Promise.all([auditEntry(deps.store, eventId), getUser(deps.directory.db, deps.store.userId)]);
  const kind = entry ? securityKindOf(entry.action) : null;
  if (!entry || !kind || !user) return 'skipped';
  const detail = JSON.parse(entry.data) as SecurityEventDetail;
  const origin = appOrigin(deps.settings);
  const when = `${entry.createdAt.slice(0, 16).replace('T', ' ')} UTC`;
  await mailer({
    to: user.email,
    subject: SUBJECTS[kind] ?? 'Security activity on your Kith account',
    text: [
      `Hello ${user.name},`,
      '',
      `${securityEventWords(kind, detail)}, on ${when}.`,
      '',
      'If this was you, there is nothing to do.',
      'If it was not, change your password now (or use "Forgot password" on the sign-in page), then check',
      `Settings → Activity log and Settings → Sessions for anything else you do not recognise${origin ? `: ${origin}/settings` : '.'}`,
    ].join('\n'),
  });
  return 'sent';
}
