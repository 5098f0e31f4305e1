import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agenda } from '../../worker/domain/keep-in-touch/agenda';
import { closeAgendaItem, snoozeAgendaItem } from '../../worker/domain/keep-in-touch/agenda-actions';
import {
  addDays,
  addMonths,
  localDate,
  nextDueDate,
  startOfLocalDate,
  type Cadence,
} from '../../worker/domain/keep-in-touch/calendar-dates';
import { setCadenceDefaults } from '../../worker/domain/keep-in-touch/cadence-defaults';
import { addReminder } from '../../worker/domain/keep-in-touch/reminders';
import { recordInteractions } from '../../worker/domain/timeline/record-interactions';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { freezeClockAt } from '../support/clock';
import { userDeps } from '../support/stores';

let seq = 0;

// A cadence set today counts from today, so the interactions below must lie after today: the
// clock is fixed before all of them (the real date would overtake them in 2027).
const TODAY = '2026-01-15T12:00:00Z';
beforeEach(() => freezeClockAt(TODAY));
afterEach(() => {
  vi.useRealTimers();
});

async function userIn(timeZone: string): Promise<Session> {
  const me = await signUp();
  const res = await as(me, '/api/v1/me', { method: 'PATCH', json: { time_zone: timeZone } });
  expect(res.status).toBe(200);
  return me;
}

const setCadence = async (me: Session, id: string, cadence: Cadence | 'none' | null) => {
  const res = await as(me, `/api/v1/contacts/${id}`, { method: 'PATCH', json: { cadence } });
  expect(res.status).toBe(200);
  return (await json(res)).data;
};
const contact = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}`))).data;
const talk = async (me: Session, contactId: string, at: string) =>
  recordInteractions(await userDeps(me), me.user.id, [
    {
      contact_id: contactId,
      kind: 'message',
      channel: 'telegram',
      direction: 'in',
      body: 'hi',
      source: 'telegram',
      external_id: `due-${++seq}`,
      occurred_at: at,
    },
  ]);
const user = (me: Session, timeZone: string) => ({ id: me.user.id, time_zone: timeZone });

describe('calendar arithmetic', () => {
  it('adds calendar months, clamping to the month end, and handles Feb 29', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('takes the local date of an instant, across DST changes', () => {
    // Berlin springs forward on 2026-03-29 at 01:00 UTC; 23:30 UTC the day before is already the 29th.
    expect(localDate('2026-03-28T23:30:00Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDate('2026-03-29T22:30:00Z', 'Europe/Berlin')).toBe('2026-03-30');
    // Los Angeles, after its spring change: 07:30 UTC is 00:30 PDT on the 9th (23:30 PST would be the 8th).
    expect(localDate('2026-03-09T07:30:00Z', 'America/Los_Angeles')).toBe('2026-03-09');
    expect(startOfLocalDate('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDate('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('next due date', () => {
  it("follows the last interaction in the user's zone, the same in the database as in the rule", async () => {
    // Interactions after today: a cadence set today is due from today (anchor) until a later one moves it.
    const cases: { zone: string; at: string; cadence: Cadence; due: string }[] = [
      // 05:00 UTC on Mar 1 is Feb 28 in Los Angeles: a month later is Mar 28, not Apr 1.
      { zone: 'America/Los_Angeles', at: '2031-03-01T05:00:00Z', cadence: { every: 1, unit: 'month' }, due: '2031-03-28' },
      // Just after the spring DST change (Mar 9, 2031): 00:30 PDT on Mar 10 (a fixed -8 offset would say Mar 9).
      { zone: 'America/Los_Angeles', at: '2031-03-10T07:30:00Z', cadence: { every: 1, unit: 'week' }, due: '2031-03-17' },
      // Just after Berlin's autumn change (CET again, Oct 26, 2031): 23:30 UTC Oct 26 is 00:30 Oct 27.
      { zone: 'Europe/Berlin', at: '2031-10-26T23:30:00Z', cadence: { every: 10, unit: 'day' }, due: '2031-11-06' },
      // A month end and a leap day.
      { zone: 'Asia/Tokyo', at: '2028-01-30T16:00:00Z', cadence: { every: 1, unit: 'month' }, due: '2028-02-29' },
      { zone: 'Pacific/Auckland', at: '2028-02-28T12:00:00Z', cadence: { every: 12, unit: 'month' }, due: '2029-02-28' },
      { zone: 'Asia/Kolkata', at: '2027-01-31T10:00:00Z', cadence: { every: 1, unit: 'month' }, due: '2027-02-28' },
      // 20:00 UTC is already Feb 1 in Kolkata (+05:30): a month later is Mar 1.
      { zone: 'Asia/Kolkata', at: '2027-01-31T20:00:00Z', cadence: { every: 1, unit: 'month' }, due: '2027-03-01' },
    ];
    for (const c of cases) {
      const me = await userIn(c.zone);
      const person = await createContact(me, { first_name: 'Due' });
      await setCadence(me, person.id, c.cadence);
      await talk(me, person.id, c.at);
      const stored = (await contact(me, person.id)).next_due;
      expect({ zone: c.zone, at: c.at, due: stored }).toEqual({ zone: c.zone, at: c.at, due: c.due });
      expect(nextDueDate({ lastContactAt: c.at, cadence: c.cadence, timeZone: c.zone })).toBe(c.due);
    }
  });

  it('a cadence set today on a contact last seen months ago is due in one interval from today, not overdue', async () => {
    const zone = 'Europe/Berlin';
    const me = await userIn(zone);
    const now = new Date();
    const today = localDate(now, zone);
    // Imported, last seen four months ago.
    const imported = await createContact(me, { first_name: 'Old friend', source: 'csv' });
    await talk(me, imported.id, new Date(now.getTime() - 122 * 86_400_000).toISOString());
    await setCadence(me, imported.id, { every: 1, unit: 'month' });
    expect((await contact(me, imported.id)).next_due).toBe(addMonths(today, 1));
    // Created with the cadence: the same.
    const created = await createContact(me, { first_name: 'New', cadence: { every: 2, unit: 'week' } });
    expect((await contact(me, created.id)).next_due).toBe(addDays(today, 14));

    // Not on Home's agenda for today, nor in the list's "Due today or overdue".
    const home = await agenda((await userDeps(me)).db, user(me, zone), { now });
    expect(home.items.map((i) => i.contact_name)).toEqual([]);
    const dueToday = await json(await as(me, `/api/v1/contacts?due_by=${today}`));
    expect(dueToday.data).toEqual([]);
    const dueInAMonth = await json(await as(me, `/api/v1/contacts?due_by=${addMonths(today, 1)}`));
    expect(dueInAMonth.data.map((c: { first_name: string }) => c.first_name).sort()).toEqual(['New', 'Old friend']);

    // An interaction after today still moves it.
    const later = new Date(now.getTime() + 10 * 86_400_000);
    await talk(me, imported.id, later.toISOString());
    expect((await contact(me, imported.id)).next_due).toBe(addMonths(localDate(later, zone), 1));
    // Changing the cadence counts from today or that later interaction, whichever is later.
    await setCadence(me, imported.id, { every: 3, unit: 'day' });
    expect((await contact(me, imported.id)).next_due).toBe(addDays(localDate(later, zone), 3));
  });

  it('moves when the cadence changes, when an interaction is logged, with the priority default and with the zone', async () => {
    const me = await userIn('Europe/Berlin');
    const person = await createContact(me, { first_name: 'Moves', priority: 'high' });
    const other = await createContact(me, { first_name: 'Own cadence', priority: 'high' });
    expect((await contact(me, person.id)).next_due).toBeNull(); // none by default
    await talk(me, person.id, '2031-05-10T10:00:00Z');
    await talk(me, other.id, '2031-05-10T10:00:00Z');
    await setCadence(me, other.id, { every: 3, unit: 'day' });

    // The priority default applies to contacts without their own cadence, set-based.
    await setCadenceDefaults((await userDeps(me)).db, me.user.id, { high: { every: 2, unit: 'week' } });
    expect((await contact(me, person.id)).next_due).toBe('2031-05-24');
    expect((await contact(me, other.id)).next_due).toBe('2031-05-13');

    await setCadence(me, person.id, { every: 1, unit: 'month' });
    expect((await contact(me, person.id)).next_due).toBe('2031-06-10');
    await talk(me, person.id, '2031-06-20T21:30:00Z'); // 23:30 in Berlin
    expect((await contact(me, person.id)).next_due).toBe('2031-07-20');
    // An older interaction synced later does not move it back.
    await talk(me, person.id, '2031-01-01T10:00:00Z');
    expect((await contact(me, person.id)).next_due).toBe('2031-07-20');

    // Another zone: 21:30 UTC is Jun 21 in Tokyo.
    await as(me, '/api/v1/me', { method: 'PATCH', json: { time_zone: 'Asia/Tokyo' } });
    expect((await contact(me, person.id)).next_due).toBe('2031-07-21');

    // 'none' overrides the default; null follows it again.
    await setCadence(me, person.id, 'none');
    expect((await contact(me, person.id)).next_due).toBeNull();
    await setCadence(me, person.id, null);
    expect((await contact(me, person.id)).next_due).toBe('2031-07-05');
    await setCadenceDefaults((await userDeps(me)).db, me.user.id, { high: null });
    expect((await contact(me, person.id)).next_due).toBeNull();
  });

  it('archived contacts produce nothing: no due date, no reminders, no suggestions on the agenda', async () => {
    const me = await userIn('UTC');
    const kept = await createContact(me, { first_name: 'Kept' });
    const gone = await createContact(me, { first_name: 'Gone' });
    for (const c of [kept, gone]) {
      await setCadence(me, c.id, { every: 1, unit: 'day' });
      await addReminder((await userDeps(me)).db, me.user.id, c.id, { on: '2026-01-02', note: 'call' });
    }
    const now = new Date('2030-01-01T12:00:00Z');
    expect((await agenda((await userDeps(me)).db, user(me, 'UTC'), { now })).items.map((i) => i.contact_name).sort()).toEqual([
      'Gone',
      'Gone',
      'Kept',
      'Kept',
    ]);
    await as(me, `/api/v1/contacts/${gone.id}`, { method: 'PATCH', json: { priority: 'archived' } });
    expect((await contact(me, gone.id)).next_due).toBeNull();
    const items = (await agenda((await userDeps(me)).db, user(me, 'UTC'), { now })).items;
    expect(items.map((i) => i.contact_name)).toEqual(['Kept', 'Kept']);
  });
});

describe('agenda', () => {
  it("is one list of reminders, cadence dues and suggestions, in buckets of the user's today", async () => {
    const zone = 'America/New_York';
    const me = await userIn(zone);
    const ann = await createContact(me, { first_name: 'Ann' });
    const bob = await createContact(me, { first_name: 'Bob' });
    await talk(me, ann.id, '2031-04-01T15:00:00Z');
    await setCadence(me, ann.id, { every: 1, unit: 'week' }); // due Apr 8
    await addReminder((await userDeps(me)).db, me.user.id, bob.id, { on: '2031-04-10', note: 'Ask about the new job' });
    await addReminder((await userDeps(me)).db, me.user.id, bob.id, { on: '2031-04-30' });
    // 02:00 UTC on Apr 11 is still Apr 10 in New York.
    const now = new Date('2031-04-11T02:00:00Z');
    const { items, today, total } = await agenda((await userDeps(me)).db, user(me, zone), { now });
    expect(today).toBe('2031-04-10');
    expect(total).toBe(2);
    expect(items.map((i) => [i.kind, i.contact_name, i.due_on, i.bucket, i.title])).toEqual([
      ['cadence', 'Ann', '2031-04-08', 'overdue', 'Keep in touch every week'],
      ['reminder', 'Bob', '2031-04-10', 'today', 'Ask about the new job'],
    ]);
    const later = await agenda((await userDeps(me)).db, user(me, zone), { now, until: '2031-12-31' });
    expect(later.items.at(-1)).toMatchObject({ due_on: '2031-04-30', bucket: 'later', title: 'Reminder' });
    // Paged.
    const page2 = await agenda((await userDeps(me)).db, user(me, zone), { now, until: '2031-12-31', page: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.due_on)).toEqual(['2031-04-30']);
  });

  it('snoozes 1 day, 1 week, 1 month or to a date; done and dismiss close it', async () => {
    const zone = 'Europe/London';
    const me = await userIn(zone);
    const ann = await createContact(me, { first_name: 'Ann' });
    const u = user(me, zone);
    const now = new Date('2031-01-31T10:00:00Z');
    const r = await addReminder((await userDeps(me)).db, me.user.id, ann.id, { on: '2031-01-31' });
    const dueOf = async () => (await agenda((await userDeps(me)).db, u, { now, until: '2032-01-01' })).items.find((i) => i.ref === r.id);
    await snoozeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, { for: 'day' }, now);
    expect(await dueOf()).toMatchObject({ due_on: '2031-02-01', snoozed: true });
    await snoozeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, { for: 'week' }, now);
    expect((await dueOf())?.due_on).toBe('2031-02-07');
    await snoozeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, { for: 'month' }, now);
    expect((await dueOf())?.due_on).toBe('2031-02-28'); // Jan 31 + 1 month
    await snoozeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, { until: '2031-06-15' }, now);
    expect((await dueOf())?.due_on).toBe('2031-06-15');
    await expect(snoozeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, { until: '2031-01-31' }, now)).rejects.toMatchObject({
      code: 'not_processable',
    });
    await closeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, 'done', now);
    expect(await dueOf()).toBeUndefined();
    await expect(closeAgendaItem((await userDeps(me)).db, u, 'reminder', r.id, 'dismissed', now)).rejects.toMatchObject({
      code: 'conflict',
    });

    // A cadence due: snoozed to a date, then done starts the next round from today.
    await talk(me, ann.id, '2030-12-01T12:00:00Z');
    await setCadence(me, ann.id, { every: 1, unit: 'month' });
    expect((await contact(me, ann.id)).next_due).toBe('2031-01-01');
    await snoozeAgendaItem((await userDeps(me)).db, u, 'cadence', ann.id, { for: 'week' }, now);
    expect((await contact(me, ann.id)).next_due).toBe('2031-02-07');
    await closeAgendaItem((await userDeps(me)).db, u, 'cadence', ann.id, 'done', now);
    expect((await contact(me, ann.id)).next_due).toBe('2031-02-28');
  });
});
