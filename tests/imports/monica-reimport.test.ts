import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts } from '../support/imports';
import { monicaAccount } from './monica-fixtures';
import { importFromMonica, seedMonica } from './monica-seed';

// Import, keep using Monica for a week, import again (ADR 057): what was edited in Monica shows
// its edit, what was deleted there stays in Kith, nothing is doubled, and an edit made in Kith
// since the first import stays.

const read = async (me: Session, path: string) => (await json(await as(me, `/api/v1${path}`))).data;
const byName = (contacts: any[], first: string) => contacts.find((c) => c.first_name === first)!;

describe('Importing from Monica again', () => {
  it('shows what was edited in Monica, keeps what was deleted there and what was edited in Kith, and doubles nothing', async () => {
    const me = await signUp();
    const key = `r${crypto.randomUUID().slice(0, 8)}`;
    const account = monicaAccount(key) as any;
    await seedMonica(key, { lists: account });
    await importFromMonica(me, key);
    const first = await allContacts(me);
    const [ada, charles, mary] = ['Ada', 'Charles', 'Mary'].map((n) => byName(first, n));
    // In Kith meanwhile: Charles's title typed by hand.
    const typed = await as(me, `/api/v1/contacts/${charles.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Inventor' }),
    });
    expect(typed.status).toBe(200);

    // A week in Monica: every kind edited once, one note deleted.
    const later = new Date(Date.now() + 60_000).toISOString();
    const [mAda, mCharles, mMary] = account.contacts;
    Object.assign(mAda, { nickname: 'Enchantress of Numbers', last_name: 'King', updated_at: later });
    mAda.information.career.job = 'Analyst';
    mCharles.information.career.job = 'Professor';
    Object.assign(mMary.information.career, { job: 'Astronomer', company: 'Royal Society' });
    // Ada and Charles were friends; now colleagues, on both cards.
    mAda.information.relationships.friend.contacts[0].relationship.name = 'colleague';
    mCharles.information.relationships.friend.contacts[0].relationship.name = 'colleague';
    Object.assign(account.notes[0], { body: 'Loves poetry, numbers and horses', updated_at: later });
    account.notes.splice(1, 1); // Charles's note, deleted in Monica
    Object.assign(account.activities[0], { summary: 'Supper at the Royal Society', happened_at: '2020-02-04', updated_at: later });
    Object.assign(account.calls[0], { content: 'Talked about the analytical engine', updated_at: later });
    Object.assign(account.conversations[0].messages[1], { content: 'Yes, after tea' });
    account.conversations[0].updated_at = later;
    Object.assign(account.reminders[0], { title: 'Send the translated notes', initial_date: '2099-07-01', updated_at: later });
    Object.assign(account.tasks[0], { completed: true, completed_at: '2022-04-10T00:00:00Z', updated_at: later });
    Object.assign(account.lifeevents[0], {
      name: 'Left for the Royal Society',
      happened_at: '2021-10-01T00:00:00Z',
      life_event_type: { id: 3, name: 'Moved', default_life_event_type_key: 'moved' },
      updated_at: later,
    });
    Object.assign(account.gifts[0], { name: 'Silver fountain pen', updated_at: later });
    Object.assign(account.debts[0], { status: 'complete', updated_at: later });
    await seedMonica(key, { lists: account });
    const again = await importFromMonica(me, key);
    expect(again).toMatchObject({ status: 'done', created: 0, failed: 0 });

    const second = await allContacts(me);
    expect(second.map((c) => c.id).sort()).toEqual(first.map((c) => c.id).sort());
    const ada2 = await read(me, `/contacts/${ada.id}`);
    expect(ada2).toMatchObject({ full_name: 'Ada King', title: 'Analyst' });
    expect(ada2.notes).toContain('Monica · Nickname: Enchantress of Numbers');
    expect(ada2.notes).not.toContain('Countess');
    expect(ada2.notes).toContain('Monica · Address (Home): 12 St James Sq');
    // Typed in Kith after the first import: stays.
    expect((await read(me, `/contacts/${charles.id}`)).title).toBe('Inventor');
    expect(await read(me, `/contacts/${mary.id}`)).toMatchObject({ title: 'Astronomer', company: { name: 'Royal Society' } });

    const timeline = async (id: string) =>
      (await read(me, `/contacts/${id}/timeline`)).map((t: any) => [t.occurred_at.slice(0, 10), t.subject, t.body]);
    const adaTimeline = await timeline(ada.id);
    expect(adaTimeline).toEqual(
      expect.arrayContaining([
        ['2019-04-02', 'Monica note ★ favourite', 'Loves poetry, numbers and horses'],
        ['2020-02-04', 'Supper at the Royal Society (ate at a restaurant)', 'Talked about the engine'],
        ['2022-01-01', 'SMS: they wrote', 'Yes, after tea'],
        ['2022-05-05', 'Monica gift idea', 'Silver fountain pen · $40.00'],
        ['2022-02-02', 'Monica debt', 'Monica debt: you owe Ada €20.00 for dinner (settled)'],
        ['2022-04-10', 'Monica task (done)', 'Return the book'],
      ]),
    );
    expect(adaTimeline.map((t: any[]) => t[2])).not.toContain('Loves poetry and numbers');
    expect(adaTimeline.filter((t: any[]) => t[1].startsWith('Monica note'))).toHaveLength(1);
    expect(adaTimeline.filter((t: any[]) => t[1].startsWith('Supper') || t[1].startsWith('Dinner'))).toHaveLength(1);
    const charlesTimeline = await timeline(charles.id);
    expect(charlesTimeline).toEqual(
      expect.arrayContaining([
        ['2019-05-01', 'Monica note', 'Hates street music'], // deleted in Monica: kept
        ['2021-05-06', 'Call (they called)', 'Talked about the analytical engine'],
      ]),
    );

    // The reminder moved and renamed, not doubled; the task done in Monica is done here, not pending.
    expect((await read(me, `/contacts/${ada.id}/reminders`)).map((r: any) => [r.remind_on, r.note])).toEqual([
      ['2099-07-01', 'Monica reminder: Send the translated notes'],
    ]);
    const links = (await read(me, `/contacts/${ada.id}/relationships`)).map((r: any) => [r.kind, r.other.name]);
    expect(links).toEqual(expect.arrayContaining([['colleague', 'Charles Babbage']]));
    expect(links).toHaveLength(4);
    expect((await read(me, `/contacts/${charles.id}/relationships`)).map((r: any) => [r.kind, r.other.name])).toEqual([
      ['colleague', 'Ada King'],
    ]);
    expect((await read(me, `/contacts/${ada.id}/events`)).map((e: any) => [e.kind, e.summary, e.happened_on])).toEqual([
      ['moved', 'Left for the Royal Society (Moved)', '2021-10-01'],
    ]);
  }, 150_000);
});
