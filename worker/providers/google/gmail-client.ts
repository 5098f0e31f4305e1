import { googleJson, type GoogleApi } from './google-api-error';

// The parts of the Gmail API v1 (users.*) that Kith uses, in Google's own field names.

export interface GmailProfile {
  emailAddress: string;
  historyId: string;
}

export interface GmailMessagePart {
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: GmailMessagePart[];
}

export interface GmailMessage {
  id: string;
  threadId: string;
  labelIds?: string[];
  snippet?: string;
  historyId?: string;
  internalDate?: string;
  payload?: GmailMessagePart;
}

export interface GmailMessageList {
  messages?: { id: string; threadId: string }[];
  nextPageToken?: string;
}

export interface GmailHistoryList {
  history?: { id: string; messagesAdded?: { message: { id: string; threadId: string; labelIds?: string[] } }[] }[];
  nextPageToken?: string;
  historyId: string;
}

const PROVIDER = 'Gmail';

export const getGmailProfile = (api: GoogleApi) => googleJson<GmailProfile>(api, PROVIDER, '/gmail/v1/users/me/profile');

/** users.messages.send with the whole RFC 822 message, base64url encoded, in `raw`. */
export const sendGmailMessage = (api: GoogleApi, raw: string) =>
  googleJson<{ id: string; threadId: string; labelIds?: string[] }>(api, PROVIDER, '/gmail/v1/users/me/messages/send', { body: { raw } });

export const listGmailMessages = (api: GoogleApi, q: { q: string; pageToken?: string; maxResults: number }) =>
  googleJson<GmailMessageList>(api, PROVIDER, '/gmail/v1/users/me/messages', {
    query: { q: q.q, pageToken: q.pageToken, maxResults: String(q.maxResults) },
  });

export const getGmailMessage = (api: GoogleApi, id: string) =>
  googleJson<GmailMessage>(api, PROVIDER, `/gmail/v1/users/me/messages/${encodeURIComponent(id)}`, { query: { format: 'full' } });

/** users.history.list of added messages after `startHistoryId`; a 404 means the id is too old. */
export const listGmailHistory = (api: GoogleApi, q: { startHistoryId: string; pageToken?: string }) =>
  googleJson<GmailHistoryList>(api, PROVIDER, '/gmail/v1/users/me/history', {
    query: { startHistoryId: q.startHistoryId, historyTypes: 'messageAdded', pageToken: q.pageToken, maxResults: '500' },
  });
