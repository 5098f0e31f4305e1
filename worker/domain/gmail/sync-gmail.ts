import { channelConnection, recordChannelSync } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { contactsArrived } from '../imports/contacts-arrived';
import { recordInteractions } from '../timeline/record-interactions';
import { withGoogleApi } from './google-api-session';
import { readCursor } from './sync-cursor';
import { readNewMeetings } from './sync-calendar';
import { readNewMail } from './sync-gmail-mail';

export interface GmailSyncOutcome {
  logged: number;
  contact_ids: string[];
  /** The mailbox had more new mail than one run takes: run again. */
  more: boolean;
}

/**
 * One run of the Email channel's sync: new Gmail messages (history id) and past Calendar
 * meetings with known contacts go onto their timelines, once each. Through recordInteractions
 * the new ones dismiss those contacts' older pending follow-ups and recompute their scores in
 * batch; then the deterministic auto-merge runs over the contacts touched (SPEC §6). The
 * cursor only moves once everything of the run is stored, so a failed run is simply redone.
 */
export async function syncGmail(deps: Deps, userId: string): Promise<GmailSyncOutcome> {
  const connection = await channelConnection(deps, userId, 'gmail');
  if (!connection || connection.status === 'pending') return { logged: 0, contact_ids: [], more: false };
  const cursor = readCursor(connection.syncCursor);
  const mail = await withGoogleApi(deps, userId, deps.settings.GMAIL_API_URL, (api) => readNewMail(deps, userId, api, cursor.historyId));
  const meetings = await withGoogleApi(deps, userId, deps.settings.GOOGLE_CALENDAR_API_URL, (api) =>
    readNewMeetings(deps, userId, api, cursor.calendarSyncedUntil),
  );
  const inserted = await recordInteractions(deps, userId, [...mail.rows, ...meetings.rows], { historyBefore: connection.createdAt });
  await recordChannelSync(deps, userId, 'gmail', JSON.stringify({ historyId: mail.historyId, calendarSyncedUntil: meetings.syncedUntil }));
  const touched = [...new Set(inserted.map((i) => i.contact_id))];
  await contactsArrived(deps, touched);
  return { logged: inserted.length, contact_ids: touched, more: mail.more };
}

/** "Sync now" on the Email card: 409 when the channel is not connected. */
export async function requestGmailSync(deps: Deps, userId: string): Promise<void> {
  const connection = await channelConnection(deps, userId, 'gmail');
  if (!connection) throw new AppError('channel_not_connected', 'Connect your email in Settings → Integrations first.');
  await deps.jobs.send({ type: 'sync_gmail', user_id: userId });
}
