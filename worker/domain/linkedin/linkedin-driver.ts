import type { ChannelDriver } from '../channels/channel-driver';
import { queueLinkedinMessage } from './outbox';

/**
 * LinkedIn has no API Kith may use, so nothing to connect and nothing Kith syncs: the browser
 * extension, signed in with a personal access token, sends the conversations it sees
 * (POST /extension/linkedin/conversations) and sends the messages the composer queues.
 */
export const linkedinDriver = {
  channel: 'linkedin',
  label: 'LinkedIn',
  connect: null,
  sync: null,
  send: (deps, user, contactId, message) => queueLinkedinMessage(deps, user.id, contactId, message.body),
  // Queued for the extension; a contact without a LinkedIn URL is refused on send.
  status: () => ({ canSend: true }),
} satisfies ChannelDriver<'linkedin'>;
