import { GoogleNotFoundError, type GoogleApi } from '../../providers/google/google-api-error';
import { getGmailMessage, getGmailProfile, listGmailHistory, listGmailMessages } from '../../providers/google/gmail-client';
import type { NewInteraction } from '../timeline/record-interactions';
import type { Deps } from '../deps';
import { contactsByEmail } from './contacts-by-email';
import { gmailExternalId, readGmailMessage, type ReadEmail } from './gmail-message-to-interaction';

/** The first sync looks this far back (users.messages.list `newer_than`). */
export const FIRST_SYNC_DAYS = 90;
/** Messages fetched per run: each is one users.messages.get (a Worker's subrequests are counted). */
export const MESSAGES_PER_RUN = 150;

export interface MailSyncResult {
  rows: NewInteraction[];
  historyId: string;
  /** More history waits beyond MESSAGES_PER_RUN: run again from `historyId`. */
  more: boolean;
}

/** First run: the messages of the last FIRST_SYNC_DAYS, and the mailbox's current history id. */
async function firstRunIds(api: GoogleApi): Promise<{ ids: string[]; historyId: string; more: boolean }> {
  const { historyId } = await getGmailProfile(api);
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listGmailMessages(api, { q: `newer_than:${FIRST_SYNC_DAYS}d`, pageToken, maxResults: 100 });
    ids.push(...(page.messages ?? []).map((m) => m.id));
    pageToken = page.nextPageToken;
  } while (pageToken && ids.length < MESSAGES_PER_RUN);
  // Older mail than the bounded window is not imported: later runs go on from historyId.
  return { ids: ids.slice(0, MESSAGES_PER_RUN), historyId, more: false };
}

/**
 * Later runs: the messages added since `startHistoryId`. When more than a run's worth arrived,
 * stop at a history record boundary and hand that record's id back as the next start.
 */
async function historyIds(api: GoogleApi, startHistoryId: string): Promise<{ ids: string[]; historyId: string; more: boolean }> {
  const ids = new Set<string>();
  let pageToken: string | undefined;
  let lastTaken = startHistoryId;
  for (;;) {
    const page = await listGmailHistory(api, { startHistoryId, pageToken });
    for (const record of page.history ?? []) {
      const added = (record.messagesAdded ?? []).map((m) => m.message).filter((m) => !m.labelIds?.includes('DRAFT'));
      // history.list answers the records after its start: the next run starts at the last one taken.
      if (ids.size + added.length > MESSAGES_PER_RUN && ids.size > 0) return { ids: [...ids], historyId: lastTaken, more: true };
      for (const m of added) ids.add(m.id);
      lastTaken = record.id;
    }
    pageToken = page.nextPageToken;
    if (!pageToken) return { ids: [...ids], historyId: page.historyId, more: false };
  }
}

/**
 * One run of the mail sync: which messages are new, what they are, and the interactions
 * they make on the timelines of the contacts whose addresses they carry (sent: To and Cc;
 * received: From). Mail with nobody Kith knows is not logged.
 */
export async function readNewMail(deps: Deps, userId: string, api: GoogleApi, startHistoryId: string | undefined): Promise<MailSyncResult> {
  let batch: { ids: string[]; historyId: string; more: boolean };
  try {
    batch = startHistoryId ? await historyIds(api, startHistoryId) : await firstRunIds(api);
  } catch (error) {
    // Gmail's rule: a history id too old answers 404; start over with a bounded full sync.
    if (!(error instanceof GoogleNotFoundError) || !startHistoryId) throw error;
    batch = await firstRunIds(api);
  }
  const emails: ReadEmail[] = [];
  for (const id of batch.ids) {
    try {
      const read = readGmailMessage(await getGmailMessage(api, id));
      if (read) emails.push(read);
    } catch (error) {
      // Deleted between the listing and now.
      if (!(error instanceof GoogleNotFoundError)) throw error;
    }
  }
  const owners = await contactsByEmail(
    deps,
    userId,
    emails.flatMap((e) => e.counterparts),
  );
  const rows: NewInteraction[] = [];
  for (const email of emails) {
    const contactIds = new Set(email.counterparts.map((a) => owners.get(a)).filter((id): id is string => Boolean(id)));
    for (const contactId of contactIds) {
      rows.push({
        contact_id: contactId,
        kind: 'email',
        channel: 'email',
        direction: email.direction,
        subject: email.subject,
        body: email.body,
        source: 'gmail',
        external_id: gmailExternalId(contactId, email.id),
        occurred_at: email.occurredAt,
      });
    }
  }
  return { rows, historyId: batch.historyId, more: batch.more };
}
