import { describe, expect, it } from 'vitest';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userDeps } from '../support/stores';
import { userD1 } from '../support/stores';

const api = (me: Session, path: string, init: RequestInit & { json?: unknown } = {}) => as(me, `/api/v1${path}`, init);
const get = async (me: Session, path: string) => {
  const res = await api(me, path);
  expect(res.status).toBe(200);
  return (await json(res)).data;
};
const today = (zone = 'UTC') => localDate(new Date(), zone);

describe('logging counts', () => {
  it('a logged coffee moves last interaction, the due date and the score, and answers older suggestions and follow-ups', async () => {
    const me = await signUp();
    const ann = await createContact(me, { first_name: 'Ann', priority: 'high' });
    await api(me, `/contacts/${ann.id}`, { method: 'PATCH', json: { cadence: { every: 2, unit: 'week' } } });
    const before = await get(me, `/contacts/${ann.id}`);
    expect(before.next_due).toBe(addDays(localDate(before.created_at, 'UTC'), 14));
    expect(before.relationship_score).toBe(0);

    // An old suggestion (from before the cadence) and a "follow up" set after an earlier log.
    await api(me, `/contacts/${ann.id}`, { method: 'PATCH', json: { cadence: 'none' } });
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 60 * 86_400_000));
    // As if the nightly job had made it an hour ago.
    await (
      await userD1(me)
    )
      .prepare('UPDATE followups SET created_at = ? WHERE user_id = ?')
      .bind(new Date(Date.now() - 3_600_000).toISOString(), me.user.id)
      .run();
    await api(me, `/contacts/${ann.id}`, { method: 'PATCH', json: { cadence: { every: 2, unit: 'week' } } });
    const earlier = await api(me, `/contacts/${ann.id}/interactions`, {
      method: 'POST',
      json: { kind: 'call', occurred_at: '2026-01-01T10:00:00Z', follow_up: { in: '3_days' } },
    });
    expect(earlier.status).toBe(201);
    const earlierFollowUp = (await json(earlier)).data.follow_up;
    expect(earlierFollowUp).toMatchObject({ kind: 'follow_up', due_on: addDays(today(), 3) });
    const open = async () => (await get(me, `/agenda?until=2100-01-01&contact_id=${ann.id}`)).map((i: any) => i.kind).sort();
    expect(await open()).toEqual(['cadence', 'follow_up', 'suggestion']);

    const res = await api(me, `/contacts/${ann.id}/interactions`, {
      method: 'POST',
      json: { kind: 'coffee', title: 'Coffee at Luigi’s', follow_up: { in: '1_month' } },
    });
    expect(res.status).toBe(201);
    const logged = (await json(res)).data;
    expect(logged.interaction).toMatchObject({ kind: 'coffee', subject: 'Coffee at Luigi’s', source: 'manual' });
    expect(Math.abs(Date.parse(logged.interaction.occurred_at) - Date.now())).toBeLessThan(60_000); // dated now

    const after = await get(me, `/contacts/${ann.id}`);
    expect(after.last_interaction_at).toBe(logged.interaction.occurred_at);
    expect(after.next_due).toBe(addDays(today(), 14));
    expect(after.relationship_score).toBeGreaterThan(4); // a conversation today: recency 4 and more
    const parts = await get(me, `/contacts/${ann.id}/score`);
    expect(parts).toMatchObject({ recency: 4, reciprocity: 1.5 });
    expect(parts.score).toBe(after.relationship_score);
    // The older suggestion and follow-up are answered; the new follow-up stays.
    expect(await open()).toEqual(['cadence', 'follow_up']);
    expect((await get(me, `/contacts/${ann.id}/reminders`)).map((r: any) => r.id)).toEqual([logged.follow_up.id]);
  });

  it('a plain note does not count; a note marked as a conversation does', async () => {
    const me = await signUp();
    const bob = await createContact(me, { first_name: 'Bob' });
    const plain = await api(me, `/contacts/${bob.id}/interactions`, { method: 'POST', json: { kind: 'note', notes: 'Likes jazz' } });
    expect(plain.status).toBe(201);
    expect((await get(me, `/contacts/${bob.id}`)).last_interaction_at).toBeNull();
    const talked = await api(me, `/contacts/${bob.id}/notes`, {
      method: 'POST',
      json: { body: 'Caught up over coffee', conversation: true },
    });
    expect(talked.status).toBe(201);
    const note = (await json(talked)).data;
    expect(note).toMatchObject({ kind: 'note', conversation: true });
    const after = await get(me, `/contacts/${bob.id}`);
    expect(after.last_interaction_at).toBe(note.occurred_at);
    expect(after.relationship_score).toBeGreaterThan(0);
    // Unmarked again: it no longer counts.
    expect((await api(me, `/interactions/${note.id}`, { method: 'PATCH', json: { conversation: false } })).status).toBe(200);
    expect((await get(me, `/contacts/${bob.id}`)).last_interaction_at).toBeNull();
  });

  it('refuses what cannot be logged, in the error envelope', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'C' });
    const post = (body: unknown) => api(me, `/contacts/${c.id}/interactions`, { method: 'POST', json: body });
    for (const body of [
      { kind: 'party' },
      { kind: 'note' },
      { kind: 'call', direction: 'in' },
      { kind: 'call', follow_up: { in: '2_years' } },
      { kind: 'call', follow_up: { on: '2027-02-29' } },
      { kind: 'call', extra: 1 },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.code).toBe('invalid_request');
    }
    const future = await post({ kind: 'call', occurred_at: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(future.status).toBe(422);
    expect((await get(me, `/contacts/${c.id}/timeline`)).length).toBe(0);
  });
});

describe('reminders and the agenda', () => {
  it('sets, edits, snoozes, marks done and deletes reminders; the agenda is per user', async () => {
    const me = await signUp();
    const other = await signUp();
    const ann = await createContact(me, { first_name: 'Ann' });
    const set = await api(me, `/contacts/${ann.id}/reminders`, { method: 'POST', json: { on: today(), note: 'Ask about the new job' } });
    expect(set.status).toBe(201);
    const reminder = (await json(set)).data;
    expect(reminder).toMatchObject({
      kind: 'reminder',
      note: 'Ask about the new job',
      remind_on: today(),
      due_on: today(),
      status: 'pending',
    });

    let items = await get(me, '/agenda');
    expect(items).toEqual([
      expect.objectContaining({
        id: `reminder:${reminder.id}`,
        type: 'reminder',
        ref: reminder.id,
        bucket: 'today',
        title: 'Ask about the new job',
        contact_name: 'Ann',
      }),
    ]);
    expect(await get(other, '/agenda?until=2100-01-01')).toEqual([]);

    const snoozed = await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { for: 'week' } });
    expect(snoozed.status).toBe(200);
    expect((await json(snoozed)).data.until).toBe(addDays(today(), 7));
    items = await get(me, '/agenda');
    expect(items[0]).toMatchObject({ due_on: addDays(today(), 7), bucket: 'this_week', snoozed: true });
    expect((await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { until: today() } })).status).toBe(422);
    expect((await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { for: 'year' } })).status).toBe(400);
    // A snooze is 1 to 365 days however it is given, as the follow-ups' days always were.
    expect(
      (await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { until: addDays(today(), 366) } })).status,
    ).toBe(422);
    expect((await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { days: 366 } })).status).toBe(400);
    expect(
      (await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { until: addDays(today(), 365) } })).status,
    ).toBe(200);
    expect((await api(me, `/agenda/reminder/${reminder.id}/snooze`, { method: 'POST', json: { for: 'week' } })).status).toBe(200);

    expect((await api(me, `/reminders/${reminder.id}`, { method: 'PATCH', json: { note: 'Ask about Lisbon' } })).status).toBe(200);
    expect((await api(me, `/agenda/reminder/${reminder.id}/done`, { method: 'POST' })).status).toBe(204);
    expect(await get(me, '/agenda?until=2100-01-01')).toEqual([]);
    expect((await api(me, `/agenda/reminder/${reminder.id}/done`, { method: 'POST' })).status).toBe(409);
    expect((await api(me, `/reminders/${reminder.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(me, `/reminders/${reminder.id}`, { method: 'DELETE' })).status).toBe(404);
    // A day that does not exist is refused.
    expect((await api(me, `/contacts/${ann.id}/reminders`, { method: 'POST', json: { on: '2027-02-29' } })).status).toBe(400);
    expect((await api(me, `/contacts/${ann.id}/reminders`, { method: 'POST', json: { on: '2028-02-29' } })).status).toBe(201);
  });

  it('a cadence due is done, snoozed or dismissed through the agenda; a contact without one answers 422', async () => {
    const me = await signUp();
    const ann = await createContact(me, { first_name: 'Ann' });
    const plain = await createContact(me, { first_name: 'Plain' });
    await api(me, `/contacts/${ann.id}`, { method: 'PATCH', json: { cadence: { every: 1, unit: 'day' } } });
    expect((await get(me, '/agenda')).map((i: any) => [i.kind, i.due_on, i.title])).toEqual([
      ['cadence', addDays(today(), 1), 'Keep in touch every day'],
    ]);
    expect((await api(me, `/agenda/cadence/${ann.id}/snooze`, { method: 'POST', json: { for: 'month' } })).status).toBe(200);
    expect((await get(me, `/contacts/${ann.id}`)).next_due > addDays(today(), 27)).toBe(true);
    expect((await api(me, `/agenda/cadence/${ann.id}/done`, { method: 'POST' })).status).toBe(204);
    expect((await get(me, `/contacts/${ann.id}`)).next_due).toBe(addDays(today(), 1));
    expect((await api(me, `/agenda/cadence/${plain.id}/done`, { method: 'POST' })).status).toBe(422);
    expect((await api(me, '/agenda/nothing/x/done', { method: 'POST' })).status).toBe(400);
  });
});

describe('settings and the contact list', () => {
  it('default cadences per priority move due dates; the list sorts and filters by next due date', async () => {
    const me = await signUp();
    const high = await createContact(me, { first_name: 'High', priority: 'high' });
    const low = await createContact(me, { first_name: 'Low', priority: 'low' });
    const none = await createContact(me, { first_name: 'None', priority: 'medium' });
    const initial = await get(me, '/settings/keep-in-touch');
    expect(initial).toEqual({
      cadence_defaults: { high: null, medium: null, low: null },
      weekly_digest: false,
      calendar_feed: { active: false, created_at: null },
    });
    const res = await api(me, '/settings/keep-in-touch', {
      method: 'PATCH',
      json: { cadence_defaults: { high: { every: 1, unit: 'week' }, low: { every: 3, unit: 'month' } } },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.cadence_defaults).toEqual({
      high: { every: 1, unit: 'week' },
      medium: null,
      low: { every: 3, unit: 'month' },
    });
    expect(
      (await api(me, '/settings/keep-in-touch', { method: 'PATCH', json: { cadence_defaults: { high: { every: 0, unit: 'week' } } } }))
        .status,
    ).toBe(400);

    const sorted = await get(me, '/contacts?sort=next_due');
    expect(sorted.map((c: any) => c.first_name)).toEqual(['High', 'Low', 'None']);
    expect(sorted[0].next_due).toBe(addDays(today(), 7));
    const dueSoon = await get(me, `/contacts?due_by=${addDays(today(), 30)}`);
    expect(dueSoon.map((c: any) => c.id)).toEqual([high.id]);
    expect((await get(me, `/contacts?due_by=2100-01-01&sort=next_due`)).map((c: any) => c.id)).toEqual([high.id, low.id]);
    expect((await api(me, '/contacts?due_by=tomorrow')).status).toBe(400);
    expect(none.next_due).toBeNull();
  });
});

describe('a time zone whose offsets were never stored', () => {
  it('gets them on the first agenda read, which then shows the dues in that zone', async () => {
    const me = await signUp();
    // A zone of its own: other tests' users keep theirs (the offsets table is shared).
    const zone = 'Pacific/Chatham';
    expect((await api(me, '/me', { method: 'PATCH', json: { time_zone: zone } })).status).toBe(200);
    const ann = await createContact(me, { first_name: 'Ann' });
    await api(me, `/contacts/${ann.id}`, { method: 'PATCH', json: { cadence: { every: 1, unit: 'day' } } });
    // As for a user from before the offsets were stored: none for the zone, no due dates.
    const db = await userD1(me);
    await db.batch([
      db.prepare('DELETE FROM time_zone_offsets WHERE time_zone = ?').bind(zone),
      db.prepare('UPDATE contacts SET next_due = NULL WHERE id = ?').bind(ann.id),
    ]);

    expect((await get(me, '/agenda')).map((i: any) => [i.kind, i.due_on])).toEqual([['cadence', addDays(today(zone), 1)]]);
    expect(await db.prepare('SELECT count(*) AS n FROM time_zone_offsets WHERE time_zone = ?').bind(zone).first('n')).toBeGreaterThan(0);
  });
});
