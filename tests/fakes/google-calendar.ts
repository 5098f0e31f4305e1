import { registerFake } from './fake-providers.ts';
import { authorize, send } from './google.ts';

/**
 * Google Calendar API v3 events.list on the primary calendar, under /google/calendar, in
 * Google's wire format (calendar#events, attendees with self/responseStatus, paging).
 * Accounts are those of tests/fakes/google.ts. Scenario:
 *   POST /__scenario/google-calendar {account, events: [Calendar event resources]}
 */
const SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';

const calendars = new Map<string, Map<string, Record<string, unknown>>>();
const calendar = (account: string) => {
  let c = calendars.get(account);
  if (!c) calendars.set(account, (c = new Map()));
  return c;
};
const startOf = (e: Record<string, unknown>) => {
  const start = e.start as { dateTime?: string; date?: string } | undefined;
  return Date.parse(start?.dateTime ?? start?.date ?? '');
};

registerFake((req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (url.pathname === '/__scenario/google-calendar' && req.method === 'POST') {
    const s = JSON.parse(body) as { account: string; events: Record<string, unknown>[] };
    for (const e of s.events) calendar(s.account).set(String(e.id), { kind: 'calendar#event', status: 'confirmed', ...e });
    send(res, 200, { ok: true });
    return true;
  }
  if (url.pathname !== '/google/calendar/calendar/v3/calendars/primary/events' || req.method !== 'GET') return false;
  const owner = authorize(req, res, SCOPE);
  if (!owner) return true;
  const q = Object.fromEntries(url.searchParams);
  if (q.orderBy === 'startTime' && q.singleEvents !== 'true') {
    send(res, 400, {
      error: {
        code: 400,
        message: 'The requested ordering is not available for the particular query.',
        errors: [{ domain: 'global', reason: 'badRequest', message: 'The requested ordering is not available for the particular query.' }],
      },
    });
    return true;
  }
  const min = q.timeMin ? Date.parse(q.timeMin) : -Infinity;
  const max = q.timeMax ? Date.parse(q.timeMax) : Infinity;
  // timeMin bounds the end and timeMax the start; events here are short, so start is used for both.
  const all = [...calendar(owner).values()].filter((e) => startOf(e) >= min && startOf(e) < max).sort((a, b) => startOf(a) - startOf(b));
  const size = Math.min(Number(q.maxResults) || 250, 2500);
  const offset = Number(q.pageToken ?? 0);
  const more = offset + size < all.length;
  send(res, 200, {
    kind: 'calendar#events',
    etag: '"p3"',
    summary: `${owner}@gmail.test`,
    updated: new Date().toISOString(),
    timeZone: 'UTC',
    accessRole: 'owner',
    defaultReminders: [],
    items: all.slice(offset, offset + size),
    ...(more ? { nextPageToken: String(offset + size) } : { nextSyncToken: `cal-${Date.now()}` }),
  });
  return true;
});
