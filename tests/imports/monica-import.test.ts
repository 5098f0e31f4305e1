import { describe, expect, inject, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { eventually } from '../support/eventually';
import { allContacts, waitForImport } from '../support/imports';
import { userD1 } from '../support/stores';
import { monicaAccount } from './monica-fixtures';

const fake = () => inject('fakeProvidersUrl');
const unique = () => crypto.randomUUID().slice(0, 8);

async function seed(key: string, lists: Record<string, unknown[]>, faults: unknown[] = [], token = 'monica-token') {
  await fetch(`${fake()}/monica/__seed`, { method: 'POST', body: JSON.stringify({ key, token, lists, faults }) });
}
const fakeLog = async (key: string) => (await fetch(`${fake()}/monica/__log?key=${key}`)).json() as Promise<string[]>;

const start = (me: Session, url: string, token = 'monica-token') =>
  as(me, '/api/v1/imports/monica', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, token }),
  });

async function importFrom(me: Session, key: string, token = 'monica-token') {
  const res = await start(me, `${fake()}/monica/${key}`, token);
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id, 30_000);
}

const read = async (me: Session, path: string) => (await json(await as(me, `/api/v1${path}`))).data;
const byName = (contacts: any[], first: string) => contacts.find((c) => c.first_name === first)!;
const entries = (timeline: any[]) => timeline.map((t: any) => [t.occurred_at.slice(0, 16), t.kind, t.direction, t.subject, t.body]);
const countsOf = (report: any[]) => Object.fromEntries(report.map((r: any) => [r.kind, r.count]));

describe('Moving in from Monica', () => {
  it('brings every kind of record where it belongs, with its dates, and says per kind where it went', async () => {
    const me = await signUp();
    const key = `m${unique()}`;
    await seed(key, monicaAccount(key));
    const done = await importFrom(me, key);
    expect(done).toMatchObject({ source: 'monica', status: 'done', total: 3, created: 3, failed: 0, step: null });
    expect(countsOf(done.report)).toEqual({
      contacts: 3,
      people: 1,
      relationships: 4,
      notes: 2,
      activities: 2,
      calls: 1,
      messages: 2,
      reminders: 1,
      reminders_recurring: 1,
      reminders_past: 1,
      tasks_open: 1,
      tasks_done: 1,
      life_events: 2,
      gifts: 2,
      debts: 1,
      journal: 1,
      journal_unplaced: 1,
    });
    expect(done.report.find((r: any) => r.kind === 'debts').where).toContain('Monica debt');

    const contacts = await allContacts(me);
    expect(contacts.map((c) => c.full_name).sort()).toEqual(['Ada Lovelace', 'Charles Babbage', 'Mary Somerville']);
    const ada = await read(me, `/contacts/${byName(contacts, 'Ada').id}`);
    expect(ada).toMatchObject({
      emails: [`ada.${key}@example.org`],
      phones: ['+44 20 7946 0000'],
      company: { name: 'Analytical Engines' },
      title: 'Mathematician',
      tags: ['science'],
      priority: 'high',
      twitter_handle: 'ada_l',
      location: 'London, United Kingdom',
      how_we_met: 'At a salon in London',
      source: 'monica',
    });
    for (const line of [
      'Nickname: Countess',
      'Gender: Woman',
      'First met: 1833-06-05',
      'Facebook: facebook.com/ada.lovelace',
      'Address (Home): 12 St James Sq',
    ])
      expect(ada.notes).toContain(`Monica · ${line}`);
    // A birthday Monica knew without its year stays without one.
    expect((await read(me, `/contacts/${ada.id}/dates`)).map((d: any) => [d.kind, d.month, d.day, d.year])).toEqual([
      ['birthday', 12, 10, null],
    ]);

    const charles = await read(me, `/contacts/${byName(contacts, 'Charles').id}`);
    expect(charles.notes).toContain('Monica · Deceased: 1871-10-18');
    expect(charles.notes).toContain('Monica · Birthdate: approximate');
    expect((await read(me, `/contacts/${charles.id}/dates`)).map((d: any) => [d.month, d.day, d.year])).toEqual([[12, 26, 1791]]);

    // Relationships on both sides; the partial contact is a lightweight person; the introducer with the first-met day.
    const links = (await read(me, `/contacts/${ada.id}/relationships`)).map((r: any) => [r.kind, r.other.type, r.other.name, r.since]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['child', 'person', 'Byron King', null],
        ['friend', 'contact', 'Charles Babbage', null],
        ['mentor', 'contact', 'Mary Somerville', null],
        ['introducer', 'contact', 'Mary Somerville', '1833-06-05'],
      ]),
    );
    expect(links).toHaveLength(4);
    const mary = byName(contacts, 'Mary');
    expect((await read(me, `/contacts/${mary.id}/relationships`)).map((r: any) => [r.kind, r.other.name])).toEqual(
      expect.arrayContaining([
        ['mentee', 'Ada Lovelace'],
        ['introduced', 'Ada Lovelace'],
      ]),
    );
    expect((await read(me, `/contacts/${charles.id}/relationships`)).map((r: any) => [r.kind, r.other.name])).toEqual([
      ['friend', 'Ada Lovelace'],
    ]);

    // History on the timeline with its real dates and who spoke.
    expect(entries(await read(me, `/contacts/${ada.id}/timeline`))).toEqual(
      expect.arrayContaining([
        ['2019-04-02T10:00', 'note', null, 'Monica note ★ favourite', 'Loves poetry and numbers'],
        ['2020-02-03T12:00', 'meeting', null, 'Dinner at the Royal Society (ate at a restaurant)', 'Talked about the engine'],
        ['2022-01-01T09:00', 'message', 'out', 'SMS: you wrote', 'Are you free Tuesday?'],
        ['2022-01-01T09:05', 'message', 'in', 'SMS: they wrote', 'Yes, after lunch'],
        ['2022-05-05T00:00', 'note', null, 'Monica gift idea', 'Fountain pen · $40.00'],
        ['2022-02-02T00:00', 'note', null, 'Monica debt', 'Monica debt: you owe Ada €20.00 for dinner'],
        ['2022-03-03T00:00', 'note', null, 'Monica journal: A fine day', 'Had tea with Ada Lovelace and talked of numbers.'],
      ]),
    );
    expect(entries(await read(me, `/contacts/${charles.id}/timeline`))).toEqual(
      expect.arrayContaining([
        ['2020-02-03T12:00', 'meeting', null, 'Dinner at the Royal Society (ate at a restaurant)', 'Talked about the engine'],
        ['2021-05-06T18:30', 'call', 'in', 'Call (they called)', 'Talked about engines'],
        ['2020-03-04T00:00', 'note', null, 'Monica task (done)', 'Fix the difference engine'],
        ['2020-12-25T12:00', 'note', null, 'Monica gift received', 'A book on gears · Loved it'],
      ]),
    );
    expect(entries(await read(me, `/contacts/${mary.id}/timeline`))).toEqual([
      ['2018-01-01T12:00', 'note', null, 'Monica reminder (past)', 'Ask about the book'],
    ]);
    // Meeting and messages count as contact.
    expect(ada.last_interaction_at).toBe('2022-01-01T09:05:00.000Z');

    // Reminders: the one-time on its day, the yearly on its next day, the open task today.
    const reminders = (id: string) => read(me, `/contacts/${id}/reminders`).then((rs: any[]) => rs.map((r) => [r.remind_on, r.note]));
    const today = new Date().toISOString().slice(0, 10);
    expect(await reminders(ada.id)).toEqual(
      expect.arrayContaining([
        ['2099-06-01', 'Monica reminder: Send the notes'],
        [today, 'Monica task: Return the book'],
      ]),
    );
    const [next, note] = (await reminders(charles.id))[0] as [string, string];
    expect(next.slice(5)).toBe('12-26');
    expect(next >= today).toBe(true);
    expect(note).toBe('Monica reminder: Birthday call (repeats every 1 year in Monica)');

    // Life events: a known kind mapped, another kept as "Other" with Monica's type.
    expect((await read(me, `/contacts/${ada.id}/events`)).map((e: any) => [e.kind, e.summary, e.happened_on, e.status])).toEqual([
      ['new_job', 'Joined the Analytical Society (New job)', '2021-09-01', 'accepted'],
    ]);
    expect((await read(me, `/contacts/${charles.id}/events`)).map((e: any) => [e.kind, e.summary, e.happened_on])).toEqual([
      ['custom', 'Took up chess (New hobby)', '2019-07-07'],
    ]);
    // Contacts are read with their contact fields, every list in pages of 100.
    const log = await fakeLog(key);
    expect(log).toContain('GET /api/contacts?with=contactfields&page=1&limit=100');
    expect(log).toContain('GET /api/journal?page=1&limit=100');
  }, 60_000);

  it('run again, updates what came in instead of duplicating it', async () => {
    const me = await signUp();
    const key = `m${unique()}`;
    const account = monicaAccount(key);
    await seed(key, account);
    await importFrom(me, key);
    const first = await allContacts(me);
    const ada = byName(first, 'Ada');
    const timelineBefore = await read(me, `/contacts/${ada.id}/timeline`);

    // A week later in Monica: a new note, a new email, and Mary's new job title.
    account.notes.push({
      id: 13,
      object: 'note',
      body: 'Back from Paris',
      is_favorited: false,
      contact: account.contacts[0]!,
      created_at: '2022-06-01T10:00:00Z',
    } as any);
    (account.contacts[0] as any).contactFields.push({
      id: 9,
      content: `ada.work.${key}@example.org`,
      contact_field_type: { name: 'Email', type: 'email' },
    });
    await seed(key, account);
    const again = await importFrom(me, key);
    expect(again).toMatchObject({ status: 'done', created: 0 });
    expect(again.updated + again.skipped).toBe(3);
    expect(countsOf(again.report)).toMatchObject({ contacts: 3, notes: 3, relationships: 4 });

    const second = await allContacts(me);
    expect(second.map((c) => c.id).sort()).toEqual(first.map((c) => c.id).sort());
    expect(byName(second, 'Ada').emails).toEqual([`ada.${key}@example.org`, `ada.work.${key}@example.org`]);
    const timelineAfter = await read(me, `/contacts/${ada.id}/timeline`);
    expect(timelineAfter).toHaveLength(timelineBefore.length + 1);
    expect(timelineAfter.map((t: any) => t.body)).toContain('Back from Paris');
    expect(await read(me, `/contacts/${ada.id}/relationships`)).toHaveLength(4);
    expect(await read(me, `/contacts/${ada.id}/events`)).toHaveLength(1);
    expect((await read(me, `/contacts/${ada.id}/reminders`)).length).toBe(2);
    expect((await read(me, `/contacts/${ada.id}/dates`)).length).toBe(1);
  }, 90_000);

  it('refuses an instance on a private network that the operator has not allowed, before anything is queued', async () => {
    const me = await signUp();
    for (const url of ['http://10.0.0.5/', 'https://192.168.1.20', `http://127.0.0.1:1/monica/x`]) {
      const res = await start(me, url);
      expect(res.status).toBe(422);
      const body = await json(res);
      expect(body.error.message).toMatch(/private network|https:\/\//);
      expect(body.error.details.issues[0].path).toBe('url');
    }
    const bad = await start(me, 'not a url at all');
    expect(bad.status).toBe(400);
    const empty = await as(me, '/api/v1/imports/monica', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"url":""}',
    });
    expect(empty.status).toBe(400);
  });

  it('stops with a clear message when Monica refuses the token, and forgets it', async () => {
    const me = await signUp();
    const key = `m${unique()}`;
    await seed(key, monicaAccount(key), [], 'the-right-token');
    const done = await importFrom(me, key, 'a-revoked-token');
    expect(done.status).toBe('failed');
    const row = await (await userD1(me)).prepare('SELECT mapping FROM imports WHERE id = ?1').bind(done.id).first<{ mapping: string }>();
    expect(JSON.parse(row!.mapping)).toEqual({ api_root: `${fake()}/monica/${key}/api` });
    expect(done.errors[0].message).toMatch(/Monica refused the token \(401\).*Settings → API/);
    expect(await allContacts(me)).toEqual([]);
  });

  it('waits out a 429 and retries a 5xx, losing and doubling nothing', async () => {
    const me = await signUp();
    const key = `m${unique()}`;
    await seed(key, monicaAccount(key), [
      { list: 'contacts', status: 429, times: 1, retryAfter: 1 },
      { list: 'notes', status: 503, times: 2 },
    ]);
    const done = await importFrom(me, key);
    expect(done).toMatchObject({ status: 'done', created: 3 });
    expect(countsOf(done.report)).toMatchObject({ contacts: 3, notes: 2 });
    const log = await fakeLog(key);
    expect(log.filter((l) => l.startsWith('GET /api/notes?page=1'))).toHaveLength(3);
  }, 60_000);

  it('can be cancelled between two pages; what came in stays and the token is forgotten', async () => {
    const me = await signUp();
    const key = `m${unique()}`;
    // Notes answer 429 with a long Retry-After: the job goes back to the queue for a while, and the user cancels.
    await seed(key, monicaAccount(key), [{ list: 'notes', status: 429, times: 1000, retryAfter: 600 }]);
    const res = await start(me, `${fake()}/monica/${key}`);
    const id = (await json(res)).data.import_id;
    await eventually(
      () => read(me, `/imports/${id}`),
      (d: any) => d.step?.startsWith('notes'),
      'the import reached the notes',
    );
    expect((await as(me, `/api/v1/imports/${id}/cancel`, { method: 'POST' })).status).toBe(204);
    const stopped = await read(me, `/imports/${id}`);
    expect(stopped.status).toBe('failed');
    expect(stopped.errors.at(-1).message).toBe('Cancelled by you; what came in before stays.');
    expect(await allContacts(me)).toHaveLength(3);
    const row = await (await userD1(me)).prepare('SELECT mapping FROM imports WHERE id = ?1').bind(id).first<{ mapping: string }>();
    expect(JSON.parse(row!.mapping)).not.toHaveProperty('token');
    // Cancelled once is cancelled: a second cancel says there is nothing running; another user's import is not found.
    expect((await as(me, `/api/v1/imports/${id}/cancel`, { method: 'POST' })).status).toBe(409);
    const unknown = await as(me, '/api/v1/imports/unknown-id/cancel', { method: 'POST' });
    expect(unknown.status).toBe(404);
  }, 60_000);
});
