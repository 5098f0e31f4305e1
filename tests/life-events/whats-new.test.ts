import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';
import { requestsTo, uniqueKey } from '../ai/fakes-control';

const addEvent = async (me: Session, contactId: string, body: Record<string, unknown>) => {
  const res = await as(me, `/api/v1/contacts/${contactId}/events`, { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
};

/** A proposal as a field change writes it (field-change-proposals.ts), so the test needs no provider. */
async function propose(me: Session, contactId: string, summary: string) {
  const now = new Date().toISOString();
  const id = `p-${uniqueKey('')}`;
  await (
    await userD1(me)
  )
    .prepare(
      `INSERT INTO life_events (id, user_id, contact_id, kind, summary, status, source, field, old_value, new_value, proposal_key, created_at, updated_at)
       VALUES (?1, ?2, ?3, 'moved', ?4, 'proposed', 'google', 'location', 'Oslo', 'Bergen', ?1, ?5, ?5)`,
    )
    .bind(id, me.user.id, contactId, summary, now)
    .run();
  return id;
}

const home = async (me: Session) => (await json(await as(me, '/api/v1/home'))).data;

describe("Home's What's new and the yearly events", () => {
  it('shows proposals and this week’s events; accepting on Home moves one to this week, dismissing hides it', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const bo = await createContact(me, { first_name: 'Bo' });
    await addEvent(me, ana.id, { kind: 'new_child', summary: 'Baby Lea was born' });
    const move = await propose(me, bo.id, 'Moved to Bergen');
    const other = await propose(me, ana.id, 'Moved to Tromsø');

    let news = (await home(me)).whats_new;
    expect(news.proposals.map((p: any) => [p.contact_name, p.summary, p.evidence.old_value])).toEqual([
      ['Ana', 'Moved to Tromsø', 'Oslo'],
      ['Bo', 'Moved to Bergen', 'Oslo'],
    ]);
    expect(news.proposals_total).toBe(2);
    expect(news.this_week.map((e: any) => e.summary)).toEqual(['Baby Lea was born']);

    // The Home page's own forms, as the card posts them.
    const post = (fields: Record<string, string>) =>
      as(me, `/home?_data=${encodeURIComponent('routes/_app.home')}`, { method: 'POST', body: new URLSearchParams(fields) });
    expect((await post({ intent: 'accept-event', id: move })).status).toBe(200);
    expect((await post({ intent: 'dismiss-event', id: other })).status).toBe(200);
    news = (await home(me)).whats_new;
    expect(news.proposals).toEqual([]);
    expect(news.this_week.map((e: any) => e.summary).sort()).toEqual(['Baby Lea was born', 'Moved to Bergen']);

    // "Remind me": a reminder for tomorrow on the contact's agenda, about the event.
    expect((await post({ intent: 'remind-event', id: move })).status).toBe(200);
    const tomorrow = addDays(localDate(new Date(), 'UTC'), 1);
    const reminders = (await json(await as(me, `/api/v1/contacts/${bo.id}/reminders`))).data;
    expect(reminders.map((r: any) => [r.remind_on, r.note])).toEqual([[tomorrow, 'Get in touch: Moved to Bergen']]);
  });

  it('puts a yearly event on Home in its week and in the calendar feed every year', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const today = localDate(new Date(), 'UTC');
    const threeYearsAgo = `${Number(today.slice(0, 4)) - 3}${addDays(today, 2).slice(4)}`;
    const job = await addEvent(me, ana.id, { kind: 'new_job', summary: 'New job at Acme', happened_on: threeYearsAgo, recurs: true });
    await addEvent(me, ana.id, { kind: 'moved', summary: 'Moved to Lisbon', happened_on: threeYearsAgo });

    const { upcoming_anniversaries } = await home(me);
    expect(upcoming_anniversaries.map((a: any) => [a.event.summary, a.title, a.in_days, a.years])).toEqual([
      ['New job at Acme', 'Work anniversary', 2, 3],
    ]);

    const { url } = (await json(await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' }))).data;
    const text = (await (await call(new URL(url).pathname)).text()).replace(/\r\n[ \t]/g, '');
    const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`UID:life-event-${job.id}@kith`))!;
    expect(event).toContain(`DTSTART;VALUE=DATE:${threeYearsAgo.replaceAll('-', '')}`);
    expect(event).toContain('RRULE:FREQ=YEARLY');
    expect(event).toContain('SUMMARY:Ana: Work anniversary');
    expect(text).not.toContain('Moved to Lisbon');
  });

  it('drafts a congratulation that names the event: the model is given it as the occasion', async () => {
    const me = await signUp('Nora Network');
    const ana = await createContact(me, { first_name: 'Ana', last_name: uniqueKey('Occasion') });
    const job = await addEvent(me, ana.id, { kind: 'new_job', summary: `New job at ${ana.last_name} Labs as CTO` });
    const res = await as(me, `/api/v1/contacts/${ana.id}/draft`, { method: 'POST', json: { channel: 'linkedin', event_id: job.id } });
    expect(res.status).toBe(200);
    const sent = (await requestsTo('openai', `New job at ${ana.last_name} Labs`)).at(-1)!;
    const request = JSON.parse(sent.body);
    expect(request.messages[0].content).toMatch(/occasion/);
    expect(JSON.parse(request.messages[1].content).occasion).toMatchObject({
      kind: 'New job',
      summary: `New job at ${ana.last_name} Labs as CTO`,
    });
    // Another contact's event is not found.
    const bo = await createContact(me, { first_name: 'Bo' });
    expect(
      (await as(me, `/api/v1/contacts/${bo.id}/draft`, { method: 'POST', json: { channel: 'linkedin', event_id: job.id } })).status,
    ).toBe(404);
  });
});
