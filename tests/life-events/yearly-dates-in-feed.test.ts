import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { as, call, createContact, json, signUp, type Session } from '../support/client';

const addDate = async (me: Session, contactId: string, body: Record<string, unknown>) => {
  const res = await as(me, `/api/v1/contacts/${contactId}/dates`, { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
};
const addEvent = async (me: Session, contactId: string, body: Record<string, unknown>) => {
  const res = await as(me, `/api/v1/contacts/${contactId}/events`, { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
};

/** The feed's VEVENTs, unfolded, by UID. */
async function feedEvents(me: Session): Promise<Map<string, Record<string, string>>> {
  const { url } = (await json(await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' }))).data;
  const res = await call(new URL(url).pathname);
  expect(res.status).toBe(200);
  const lines = (await res.text()).replace(/\r\n[ \t]/g, '').split('\r\n');
  const events = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') events.set(current!.UID!, current!);
    else if (current) current[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1);
  }
  return events;
}

describe('contact dates in the calendar feed', () => {
  it('carries birthdays, anniversaries and custom dates as yearly all-day events with stable UIDs, archived contacts left out', async () => {
    const me = await signUp();
    const thisYear = localDate(new Date(), 'UTC').slice(0, 4);
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Lind' });
    const bo = await createContact(me, { first_name: 'Bo' });
    const gone = await createContact(me, { first_name: 'Gone' });
    const birthday = await addDate(me, ana.id, { kind: 'birthday', month: 5, day: 12, year: 1980 });
    const wedding = await addDate(me, ana.id, { kind: 'anniversary', month: 6, day: 3 });
    const custom = await addDate(me, bo.id, { kind: 'custom', label: 'Sobriety day', month: 1, day: 9, year: 2019 });
    const leapling = await addDate(me, bo.id, { kind: 'birthday', month: 2, day: 29, year: 1990 });
    await addDate(me, gone.id, { kind: 'birthday', month: 7, day: 1 });
    await as(me, `/api/v1/contacts/${gone.id}`, { method: 'PATCH', json: { priority: 'archived' } });

    const feed = await feedEvents(me);
    const b = feed.get(`contact-date-${birthday.id}@kith`)!;
    expect(b).toMatchObject({
      SUMMARY: 'Ana Lind: Birthday',
      'DTSTART;VALUE=DATE': '19800512',
      'DTEND;VALUE=DATE': '19800513',
      RRULE: 'FREQ=YEARLY',
      DESCRIPTION: `Born in 1980\\nhttp://kith.test/contacts/${ana.id}`,
      URL: `http://kith.test/contacts/${ana.id}`,
    });
    // A year-less date starts this year; a plain anniversary is the wedding's.
    expect(feed.get(`contact-date-${wedding.id}@kith`)).toMatchObject({
      SUMMARY: 'Ana Lind: Wedding anniversary',
      'DTSTART;VALUE=DATE': `${thisYear}0603`,
      RRULE: 'FREQ=YEARLY',
    });
    expect(feed.get(`contact-date-${custom.id}@kith`)).toMatchObject({ SUMMARY: 'Bo: Sobriety day', 'DTSTART;VALUE=DATE': '20190109' });
    // Feb 29 comes back on February's last day every year, not only in leap years.
    expect(feed.get(`contact-date-${leapling.id}@kith`)).toMatchObject({
      'DTSTART;VALUE=DATE': '19900228',
      RRULE: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
    });
    expect([...feed.values()].map((e) => e.SUMMARY)).not.toContain('Gone: Birthday');
    expect([...(await feedEvents(me)).keys()].sort()).toEqual([...feed.keys()].sort());
  });
});

describe('a wedding recorded as a date and as a yearly event', () => {
  it('shows once on Home, in the Life section and in the feed, while a work anniversary beside it still shows', async () => {
    const me = await signUp();
    const today = localDate(new Date(), 'UTC');
    const inTwoDays = addDays(today, 2);
    const [month, day] = inTwoDays.slice(5).split('-').map(Number);
    const married = `${Number(inTwoDays.slice(0, 4)) - 10}${inTwoDays.slice(4)}`;
    const jo = await createContact(me, { first_name: 'Jo', last_name: 'Wed' });
    const date = await addDate(me, jo.id, { kind: 'anniversary', month, day, year: Number(married.slice(0, 4)) });
    const wedding = await addEvent(me, jo.id, {
      kind: 'engaged_married',
      summary: 'Married Sam in Porto',
      happened_on: married,
      recurs: true,
    });
    const job = await addEvent(me, jo.id, { kind: 'new_job', summary: 'Joined Acme', happened_on: married, recurs: true });

    const home = (await json(await as(me, '/api/v1/home'))).data;
    expect(home.upcoming_dates.map((d: any) => [d.contact_name, d.kind, d.in_days, d.turns])).toEqual([['Jo Wed', 'anniversary', 2, 10]]);
    expect(home.upcoming_anniversaries.map((a: any) => [a.title, a.in_days])).toEqual([['Work anniversary', 2]]);

    const feed = await feedEvents(me);
    expect([...feed.values()].filter((e) => e.SUMMARY === 'Jo Wed: Wedding anniversary').map((e) => e.UID)).toEqual([
      `contact-date-${date.id}@kith`,
    ]);
    expect(feed.has(`life-event-${wedding.id}@kith`)).toBe(false);
    expect(feed.get(`life-event-${job.id}@kith`)?.SUMMARY).toBe('Jo Wed: Work anniversary');

    // The Life section: one entry for the wedding, the event with its countdown; no second yearly row.
    const page = await (await as(me, `/contacts/${jo.id}`)).text();
    expect(page.match(/data-testid="life-yearly-date"/g)).toBeNull();
    expect(page.match(/data-testid="life-event"/g)).toHaveLength(2);
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${inTwoDays}T00:00:00Z`));
    expect(page).toContain(`wedding anniversary every year · 10 years on ${weekday}`);

    // Without the date, the event's yearly return is back on Home and in the feed.
    expect((await as(me, `/api/v1/contacts/${jo.id}/dates/${date.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = (await json(await as(me, '/api/v1/home'))).data;
    expect(after.upcoming_anniversaries.map((a: any) => a.title).sort()).toEqual(['Wedding anniversary', 'Work anniversary']);
    expect((await feedEvents(me)).has(`life-event-${wedding.id}@kith`)).toBe(true);
  });
});
