import type { ChannelDriver } from '../channels/channel-driver';
import { sendsWhenConnected } from '../channels/channel-driver';
import { googleConfigured } from '../google/google-config';
import { finishEmailConnect, startEmailConnect } from './connect-email';
import { sendEmail } from './send-email';
import { requestGmailSync, syncGmail } from './sync-gmail';

/** The Email channel: Gmail and Google Calendar, connected through Google's consent screen. */
export const gmailDriver = {
  channel: 'gmail',
  label: 'Gmail',
  connect: { configured: googleConfigured, oauth: { start: startEmailConnect, finish: finishEmailConnect } },
  sync: {
    job: 'sync_gmail',
    run: syncGmail,
    contact: null,
    request: requestGmailSync,
    summary: 'Sync the Email channel now (Gmail messages and Calendar meetings with contacts)',
    arrivals: 'New emails and meetings appear',
  },
  send: (deps, user, contactId, message) => sendEmail(deps, user, contactId, { subject: message.subject ?? '', body: message.body }),
  status: sendsWhenConnected('Gmail', 'emails'),
} satisfies ChannelDriver<'gmail'>;
