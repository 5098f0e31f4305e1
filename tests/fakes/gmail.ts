import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import PostalMime from 'postal-mime';
import { registerFake } from './fake-providers.ts';
import { answerSlowly, type Scenario } from './fake-scenarios.ts';
import { accountOfToken, authorize, send } from './google.ts';

/**
 * The Gmail API v1 (users.getProfile, messages.send/list/get, history.list) under
 * /google/gmail/gmail/v1/users/me, in Google's wire format: messages in format=full with
 * base64url bodies, history records with messagesAdded, 404 for a history id that is too
 * old, 401 for a bad token, 403 insufficientPermissions without the scope, 429 with the
 * usageLimits error body. Accounts are those of tests/fakes/google.ts. Scenario:
 *   POST /__scenario/gmail {account, emailAddress?, messages?: [{from,to,cc?,subject,text,date?,labelIds?}],
 *                           expireHistory?, sendStatus?, retryAfter?, stall?: {hangMs?, dripMs?} | null}
 *     stall: every API answer for the account hangs or trickles in (fake-scenarios' answerSlowly)
 *   GET  /__scenario/gmail/sent?account=   the messages Kith sent, as sent (raw) and parsed
 */
const SEND = 'https://www.googleapis.com/auth/gmail.send';
const READ = 'https://www.googleapis.com/auth/gmail.readonly';

interface Mailbox {
  emailAddress: string;
  historyId: number;
  /** History ids up to this one are gone (as after a week): older starts answer 404. */
  oldestHistoryId: number;
  messages: Map<string, { message: Record<string, unknown>; internalDate: number }>;
  history: { id: number; message: { id: string; threadId: string; labelIds: string[] } }[];
  sendStatus: number | null;
  stall: Pick<Scenario, 'hangMs' | 'dripMs'> | null;
  retryAfter: string | null;
  sent: { raw: string; subject?: string; from?: string; to: string[]; text?: string; headers: Record<string, string> }[];
}

const mailboxes = new Map<string, Mailbox>();
const mailbox = (account: string): Mailbox => {
  let m = mailboxes.get(account);
  if (!m) {
    m = {
      emailAddress: `${account}@gmail.test`,
      historyId: 1000,
      oldestHistoryId: 0,
      messages: new Map(),
      history: [],
      sendStatus: null,
      retryAfter: null,
      stall: null,
      sent: [],
    };
    mailboxes.set(account, m);
  }
  return m;
};

/** The mailbox behind a request's bearer token, without answering for it. */
const accountOf = (req: IncomingMessage) => {
  const owner = accountOfToken((req.headers.authorization ?? '').replace(/^Bearer /, ''));
  return owner ? mailbox(owner) : null;
};

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hexId = () => randomBytes(8).toString('hex');

function addMessage(
  box: Mailbox,
  m: { from: string; to: string; cc?: string; subject: string; text: string; date?: string; labelIds?: string[] },
): string {
  const id = hexId();
  const internalDate = m.date ? Date.parse(m.date) : Date.now();
  const labelIds = m.labelIds ?? ['INBOX', 'UNREAD'];
  const headers = [
    { name: 'From', value: m.from },
    { name: 'To', value: m.to },
    ...(m.cc ? [{ name: 'Cc', value: m.cc }] : []),
    { name: 'Subject', value: m.subject },
    { name: 'Date', value: new Date(internalDate).toUTCString() },
  ];
  const message = {
    id,
    threadId: id,
    labelIds,
    snippet: m.text.slice(0, 100),
    sizeEstimate: m.text.length + 500,
    internalDate: String(internalDate),
    payload: {
      partId: '',
      mimeType: 'multipart/alternative',
      filename: '',
      headers,
      body: { size: 0 },
      parts: [
        {
          partId: '0',
          mimeType: 'text/plain',
          filename: '',
          headers: [{ name: 'Content-Type', value: 'text/plain; charset="UTF-8"' }],
          body: { size: m.text.length, data: b64url(m.text) },
        },
        {
          partId: '1',
          mimeType: 'text/html',
          filename: '',
          headers: [{ name: 'Content-Type', value: 'text/html; charset="UTF-8"' }],
          body: { size: m.text.length, data: b64url(`<div>${m.text}</div>`) },
        },
      ],
    },
  };
  box.historyId += 7;
  (message as Record<string, unknown>).historyId = String(box.historyId);
  box.messages.set(id, { message, internalDate });
  box.history.push({ id: box.historyId, message: { id, threadId: id, labelIds } });
  return id;
}

const notFound = {
  error: {
    code: 404,
    message: 'Requested entity was not found.',
    errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
    status: 'NOT_FOUND',
  },
};

registerFake(async (req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  if (path === '/__scenario/gmail' && req.method === 'POST') {
    const s = JSON.parse(body) as {
      account: string;
      emailAddress?: string;
      messages?: Parameters<typeof addMessage>[1][];
      expireHistory?: boolean;
      sendStatus?: number | null;
      retryAfter?: string | null;
      stall?: Mailbox['stall'];
    };
    const box = mailbox(s.account);
    if (s.emailAddress) box.emailAddress = s.emailAddress;
    const ids = (s.messages ?? []).map((m) => addMessage(box, m));
    if (s.expireHistory) box.oldestHistoryId = box.historyId;
    if (s.sendStatus !== undefined) box.sendStatus = s.sendStatus;
    if (s.retryAfter !== undefined) box.retryAfter = s.retryAfter;
    if (s.stall !== undefined) box.stall = s.stall;
    send(res, 200, { ids });
    return true;
  }
  if (path === '/__scenario/gmail/sent') {
    send(res, 200, mailbox(url.searchParams.get('account') ?? '').sent);
    return true;
  }
  const prefix = '/google/gmail/gmail/v1/users/me';
  if (!path.startsWith(prefix)) return false;
  const route = path.slice(prefix.length);
  const stalled = accountOf(req);
  if (
    stalled?.stall &&
    (await answerSlowly(
      res,
      { when: '', ...stalled.stall },
      200,
      JSON.stringify({ emailAddress: stalled.emailAddress, historyId: String(stalled.historyId) }),
    ))
  )
    return true;

  if (route === '/messages/send' && req.method === 'POST') {
    const owner = authorize(req, res, SEND);
    if (!owner) return true;
    const box = mailbox(owner);
    if (box.sendStatus === 429) {
      send(
        res,
        429,
        {
          error: {
            code: 429,
            message: 'Too many concurrent requests for user.',
            errors: [{ message: 'Too many concurrent requests for user.', domain: 'usageLimits', reason: 'rateLimitExceeded' }],
            status: 'RESOURCE_EXHAUSTED',
          },
        },
        box.retryAfter ? { 'retry-after': box.retryAfter } : {},
      );
      return true;
    }
    const { raw } = JSON.parse(body) as { raw?: string };
    if (!raw) {
      send(res, 400, {
        error: {
          code: 400,
          message: "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
          errors: [
            {
              message: "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
              domain: 'global',
              reason: 'invalidArgument',
            },
          ],
          status: 'INVALID_ARGUMENT',
        },
      });
      return true;
    }
    const mime = Buffer.from(raw, 'base64url').toString('utf8');
    const parsed = await PostalMime.parse(mime);
    const to = (parsed.to ?? []).map((a) => a.address ?? '');
    box.sent.push({
      raw: mime,
      subject: parsed.subject,
      from: parsed.from?.address,
      to,
      text: parsed.text,
      headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
    });
    // Gmail sets From to the account; the sent copy appears in the mailbox and its history.
    const id = addMessage(box, {
      from: box.emailAddress,
      to: (parsed.to ?? []).map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', '),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      labelIds: ['SENT'],
    });
    send(res, 200, { id, threadId: id, labelIds: ['SENT'] });
    return true;
  }

  const owner = authorize(req, res, READ);
  if (!owner) return true;
  const box = mailbox(owner);
  if (route === '/profile') {
    send(res, 200, {
      emailAddress: box.emailAddress,
      messagesTotal: box.messages.size,
      threadsTotal: box.messages.size,
      historyId: String(box.historyId),
    });
    return true;
  }
  if (route === '/messages') {
    const days = Number(url.searchParams.get('q')?.match(/newer_than:(\d+)d/)?.[1] ?? 0);
    const since = days ? Date.now() - days * 86_400_000 : 0;
    const all = [...box.messages.values()].filter((m) => m.internalDate >= since).sort((a, b) => b.internalDate - a.internalDate);
    const size = Math.min(Number(url.searchParams.get('maxResults')) || 100, 500);
    const start = Number(url.searchParams.get('pageToken') ?? 0);
    const page = all.slice(start, start + size).map((m) => ({ id: m.message.id, threadId: m.message.threadId }));
    send(res, 200, {
      ...(page.length ? { messages: page } : {}),
      ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      resultSizeEstimate: all.length,
    });
    return true;
  }
  const one = route.match(/^\/messages\/([^/]+)$/);
  if (one) {
    const found = box.messages.get(decodeURIComponent(one[1]!));
    if (!found) send(res, 404, notFound);
    else send(res, 200, found.message);
    return true;
  }
  if (route === '/history') {
    const start = Number(url.searchParams.get('startHistoryId'));
    if (!url.searchParams.get('startHistoryId')) {
      send(res, 400, {
        error: {
          code: 400,
          message: 'Invalid startHistoryId',
          errors: [{ message: 'Invalid startHistoryId', domain: 'global', reason: 'invalidArgument' }],
          status: 'INVALID_ARGUMENT',
        },
      });
      return true;
    }
    if (!Number.isFinite(start) || start < box.oldestHistoryId) {
      send(res, 404, notFound);
      return true;
    }
    const records = box.history.filter((h) => h.id > start);
    const size = Math.min(Number(url.searchParams.get('maxResults')) || 100, 500);
    const offset = Number(url.searchParams.get('pageToken') ?? 0);
    const page = records.slice(offset, offset + size).map((h) => ({
      id: String(h.id),
      messages: [{ id: h.message.id, threadId: h.message.threadId }],
      messagesAdded: [{ message: h.message }],
    }));
    send(res, 200, {
      ...(page.length ? { history: page } : {}),
      ...(offset + size < records.length ? { nextPageToken: String(offset + size) } : {}),
      historyId: String(box.historyId),
    });
    return true;
  }
  return false;
});
