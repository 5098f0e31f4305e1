import type { ChannelDriver } from '../channels/channel-driver';
import { sendsWhenConnected } from '../channels/channel-driver';
import { finishXConnect, startXConnect } from './connect-x';
import { sendXMessage } from './send-x-message';
import { requestXSync, syncX } from './sync-x';
import { syncXContact } from './sync-x-contact';
import { xConfigured } from './x-config';

/** The X channel: direct messages and bios, connected through X's consent screen (OAuth 2.0 with PKCE). */
export const xDriver = {
  channel: 'x',
  label: 'X',
  connect: { configured: xConfigured, oauth: { start: startXConnect, finish: finishXConnect } },
  sync: {
    job: 'sync_x',
    run: syncX,
    contact: syncXContact,
    request: requestXSync,
    summary: 'Sync the X channel now (direct messages with contacts, their bios)',
    arrivals: 'New X direct messages appear',
  },
  send: (deps, user, contactId, message) => sendXMessage(deps, user.id, contactId, message.body),
  status: sendsWhenConnected('X', 'direct messages'),
} satisfies ChannelDriver<'x'>;
