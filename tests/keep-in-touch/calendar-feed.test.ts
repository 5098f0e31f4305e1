import { describe, expect, it, vi } from 'vitest';
import { createCalendarFeed } from '../../worker/domain/keep-in-touch/keep-in-touch-settings';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { as, call, createContact, json, signUp } from '../support/client';
import { userDeps } from '../support/stores';

/** Unfolds content lines (RFC 5545 §3.1) and reads each VEVENT's properties back, unescaped. */
function parseCalendar(text: string) {
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe(''); // CRLF-terminated
  for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const unfolded = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of unfolded) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = unescape(line.slice(colon + 1));
    }
  }
  return { unfolded, events };
}

describe('calendar feed', () => {
  it('serves reminders and dues as all-day events at a secret URL, escaped and folded, until revoked', async () => {
    const me = await signUp();
    const tricky = await createContact(me, { first_name: 'Zoë, the "Tricky"; one', last_name: 'Back\\slash' });
    const today = localDate(new Date(), 'UTC');
    // A reminder note is one line (ADR 011): it is the event's summary.
    const longNote = `Ask about the new job 🎉; then: Lisbon, Porto and the kids — ${'long words '.repeat(12)}`;
    expect(
      (await as(me, `/api/v1/contacts/${tricky.id}/reminders`, { method: 'POST', json: { on: addDays(today, 2), note: 'two\nlines' } }))
        .status,
    ).toBe(400);
    const reminder = (
      await json(
        await as(me, `/api/v1/contacts/${tricky.id}/reminders`, { method: 'POST', json: { on: addDays(today, 2), note: longNote } }),
      )
    ).data;
    await as(me, `/api/v1/contacts/${tricky.id}`, { method: 'PATCH', json: { cadence: { every: 1, unit: 'week' } } });

    const created = await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' });
    expect(created.status).toBe(201);
    const { url, token } = (await json(created)).data;
    // Under APP_URL (http://kith.test in the tests), never the Host the request came with.
    expect(url).toMatch(/^http:\/\/kith\.test\/api\/v1\/calendar\/kithcal_[\w-]+\.ics$/);
    expect((await json(await as(me, '/api/v1/settings/keep-in-touch'))).data.calendar_feed.active).toBe(true);

    const path = new URL(url).pathname;
    const res = await call(path); // no session: the URL is the credential
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    const { unfolded, events } = parseCalendar(text);
    expect(unfolded.at(-1)).toBe('END:VCALENDAR');
    expect(events).toHaveLength(2);
    const byUid = Object.fromEntries(events.map((e) => [e.UID, e]));
    const r = byUid[`reminder-${reminder.id}@kith`]!;
    expect(r['DTSTART;VALUE=DATE']).toBe(addDays(today, 2).replaceAll('-', ''));
    expect(r['DTEND;VALUE=DATE']).toBe(addDays(today, 3).replaceAll('-', ''));
    expect(r.SUMMARY).toBe(`Zoë, the "Tricky"; one Back\\slash: ${longNote.trim()}`);
    expect(r.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    const cadence = byUid[`cadence-${tricky.id}@kith`]!;
    expect(cadence.SUMMARY).toBe('Zoë, the "Tricky"; one Back\\slash: Keep in touch every week');
    // Raw text escapes , ; \ and newlines.
    expect(text).toContain('Zoë\\, the "Tricky"\\; one Back\\\\slash');

    // The same items keep their UIDs.
    const again = parseCalendar(await (await call(path)).text());
    expect(again.events.map((e) => e.UID).sort()).toEqual(events.map((e) => e.UID).sort());

    // Rotating replaces the URL; revoking ends it.
    const rotated = (await json(await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' }))).data;
    expect(rotated.token).not.toBe(token);
    expect((await call(path)).status).toBe(404);
    expect((await call(new URL(rotated.url).pathname)).status).toBe(200);
    expect((await as(me, '/api/v1/settings/calendar-feed', { method: 'DELETE' })).status).toBe(204);
    const gone = await call(new URL(rotated.url).pathname);
    expect(gone.status).toBe(404);
    expect((await json(gone)).error.code).toBe('not_found');
  });

  it('without APP_URL gives no feed address (a plain not_configured) and the current feed keeps working', async () => {
    const me = await signUp();
    const feed = (await json(await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' }))).data;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const deps = await userDeps(me);
    await expect(createCalendarFeed({ ...deps, settings: { ...deps.settings, APP_URL: undefined } })).rejects.toMatchObject({
      code: 'not_configured',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('APP_URL'));
    warn.mockRestore();
    expect((await call(new URL(feed.url).pathname)).status).toBe(200);
  });
});
