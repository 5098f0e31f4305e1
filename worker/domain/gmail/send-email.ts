import { getGmailProfile, sendGmailMessage } from '../../providers/google/gmail-client';
import { channelConnection } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import type { InteractionView } from '../timeline/interaction-view';
import { recordSentMessage } from '../timeline/record-sent-message';
import { contactFullName, firstEmailOf } from './email-contact-queries';
import { gmailExternalId } from './gmail-message-to-interaction';
import { withGoogleApi } from './google-api-session';
import { base64Url, buildPlainEmail } from './mime-message';

export interface OutgoingEmail {
  subject: string;
  body: string;
}

/**
 * Sends an email to the contact's first address from the user's connected Gmail
 * (users.messages.send) and logs it as an outbound `email` interaction keyed by the Gmail
 * message id, the same key the Gmail sync uses, so the sync never logs it a second time.
 */
export async function sendEmail(
  deps: Deps,
  user: { id: string; name: string },
  contactId: string,
  email: OutgoingEmail,
): Promise<InteractionView> {
  const contact = await contactFullName(deps.db, user.id, contactId);
  if (!contact) throw notFound('Contact');
  const to = await firstEmailOf(deps.db, user.id, contactId);
  if (!to) throw new AppError('not_processable', 'This contact has no email address. Add one to send an email.');
  const connection = await channelConnection(deps, user.id, 'gmail');
  if (!connection || connection.status === 'pending')
    throw new AppError('channel_not_connected', 'Connect your email in Settings → Integrations to send emails.');

  const sent = await withGoogleApi(deps, user.id, deps.settings.GMAIL_API_URL, async (api) => {
    const from = connection.accountLabel ?? (await getGmailProfile(api)).emailAddress;
    const raw = buildPlainEmail({
      from: { name: user.name, address: from },
      to: [{ name: contact.fullName, address: to.value }],
      subject: email.subject,
      text: email.body,
      messageIdDomain: from.split('@')[1] ?? 'kith.local',
    });
    return sendGmailMessage(api, base64Url(raw));
  });

  const externalId = gmailExternalId(contactId, sent.id);
  return recordSentMessage(deps, user.id, {
    contact_id: contactId,
    kind: 'email',
    channel: 'email',
    direction: 'out',
    subject: email.subject || null,
    body: email.body,
    source: 'gmail',
    external_id: externalId,
    occurred_at: new Date(),
  });
}
