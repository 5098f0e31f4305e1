import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { MESSAGES_PER_RUN } from '../../worker/domain/gmail/sync-gmail-mail';
import { calendarScenario, connectEmail, gmailScenario, runSync, timeline } from './email-support';
import { userD1 } from '../support/stores';
import { eventually } from '../support/eventually';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

async function followup(me: Session, contactId: string, id: string, createdAt: string) {
  await (
    await userD1(me)
  )
    .prepare(
      "INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at) VALUES (?1, ?2, ?3, 'check in', 'pending', ?4, ?4)",
    )
    .bind(id, me.user.id, contactId, createdAt)
    .run();
}
const followupStatus = async (me: Session, id: string) =>
  (await (await userD1(me)).prepare('SELECT status FROM followups WHERE id = ?').bind(id).first<{ status: string }>())!.status;

describe('Gmail sync', () => {
  it('imports mail to and from known contacts only, once, then only what is new (history id)', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['Ada@Sync.test'] });
    const bob = await createContact(me, { first_name: 'Bob', emails: ['bob@sync.test'] });
    await gmailScenario({
      account: 'sync',
      emailAddress: 'me@sync.test',
      messages: [
        { from: 'Ada Lovelace <ada@sync.test>', to: 'me@sync.test', subject: 'Engines', text: 'About the engine…', date: daysAgo(3) },
        {
          from: 'me@sync.test',
          to: '"Lovelace, Ada" <ada@sync.test>',
          cc: 'bob@sync.test, stranger@else.test',
          subject: 'Re: Engines',
          text: 'Sure!',
          date: daysAgo(2),
          labelIds: ['SENT'],
        },
        { from: 'newsletter@else.test', to: 'me@sync.test', subject: 'News', text: 'Unknown sender', date: daysAgo(1) },
        { from: 'ada@sync.test', to: 'me@sync.test', subject: 'Old', text: 'Outside the first window', date: daysAgo(200) },
        { from: 'ada@sync.test', to: 'me@sync.test', subject: 'Draft', text: 'not sent', date: daysAgo(1), labelIds: ['DRAFT'] },
      ],
    });
    await connectEmail(me, 'sync');
    await runSync(me);
    await runSync(me);
    const adaLine = await timeline(me, ada.id);
    expect(adaLine.map((i) => [i.kind, i.direction, i.subject])).toEqual([
      ['email', 'out', 'Re: Engines'],
      ['email', 'in', 'Engines'],
    ]);
    expect(adaLine[1]).toMatchObject({ channel: 'email', body: 'About the engine…', source: 'gmail' });
    expect((await timeline(me, bob.id)).map((i) => i.subject)).toEqual(['Re: Engines']);

    await gmailScenario({
      account: 'sync',
      messages: [{ from: 'bob@sync.test', to: 'me@sync.test', subject: 'Lunch?', text: 'Tomorrow', date: daysAgo(0) }],
    });
    const outcome = await runSync(me);
    expect(outcome).toMatchObject({ logged: 1, contact_ids: [bob.id] });
    expect((await timeline(me, bob.id)).map((i) => i.subject)).toEqual(['Lunch?', 'Re: Engines']);

    const card = ((await json(await as(me, '/api/v1/integrations'))).data as any[]).find((c) => c.channel === 'gmail');
    expect(card.last_synced_at).not.toBeNull();
    const contact = (await json(await as(me, `/api/v1/contacts/${bob.id}`))).data;
    // The newest synced email is Bob's last interaction.
    expect(Date.now() - Date.parse(contact.last_interaction_at)).toBeLessThan(60_000);
  });

  it('takes a burst of new mail over several runs, none lost and none twice', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@burst.test'] });
    await connectEmail(me, 'burst');
    await runSync(me);
    const burst = Array.from({ length: MESSAGES_PER_RUN + 12 }, (_, i) => ({
      from: 'ada@burst.test',
      to: 'me@burst.test',
      subject: `Note ${i}`,
      text: `${i}`,
      date: daysAgo(1),
    }));
    await gmailScenario({ account: 'burst', messages: burst });
    expect(await runSync(me)).toMatchObject({ logged: MESSAGES_PER_RUN, more: true });
    expect(await runSync(me)).toMatchObject({ logged: 12, more: false });
    const subjects = new Set((await timeline(me, ada.id)).map((i) => i.subject));
    expect(subjects.size).toBe(MESSAGES_PER_RUN + 12);
  });

  it('starts over with a bounded full sync when Gmail says the history id is too old, without duplicates', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@expired.test'] });
    await gmailScenario({
      account: 'expired',
      messages: [{ from: 'ada@expired.test', to: 'me@x.test', subject: 'One', text: '1', date: daysAgo(2) }],
    });
    await connectEmail(me, 'expired');
    await runSync(me);
    await gmailScenario({
      account: 'expired',
      messages: [{ from: 'ada@expired.test', to: 'me@x.test', subject: 'Two', text: '2', date: daysAgo(1) }],
      expireHistory: true,
    });
    await runSync(me);
    expect((await timeline(me, ada.id)).map((i) => i.subject)).toEqual(['Two', 'One']);
  });

  it('dismisses pending follow-ups older than a newly synced email, not newer ones', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@fu.test'] });
    const bob = await createContact(me, { first_name: 'Bob', emails: ['bob@fu.test'] });
    await followup(me, ada.id, `fu-ada-${me.user.id}`, daysAgo(10));
    await followup(me, bob.id, `fu-bob-${me.user.id}`, daysAgo(1));
    await gmailScenario({
      account: 'fu',
      messages: [
        { from: 'ada@fu.test', to: 'me@fu.test', subject: 'Newer than the suggestion', text: 'hi', date: daysAgo(5) },
        { from: 'bob@fu.test', to: 'me@fu.test', subject: 'Older than the suggestion', text: 'hi', date: daysAgo(20) },
      ],
    });
    await connectEmail(me, 'fu');
    await runSync(me);
    expect(await followupStatus(me, `fu-ada-${me.user.id}`)).toBe('dismissed');
    expect(await followupStatus(me, `fu-bob-${me.user.id}`)).toBe('pending');
    const scored = (await json(await as(me, `/api/v1/contacts/${ada.id}`))).data;
    expect(scored.relationship_score).toBeGreaterThan(0);
  });
});

describe('After a sync', () => {
  it('hands the contacts it touched to the deterministic auto-merge', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@merge.test'], phones: ['+44 20 7946 0000'] });
    const twin = await createContact(me, { first_name: 'Ada', last_name: 'L.', phones: ['44 20 7946 0000'] });
    await gmailScenario({
      account: 'merge',
      messages: [{ from: 'ada@merge.test', to: 'me@merge.test', subject: 'Hello', text: 'hi', date: daysAgo(1) }],
    });
    await connectEmail(me, 'merge');
    await runSync(me);
    // The sync hands its contacts to the contacts_arrived job (a queue message).
    await eventually(
      () => as(me, `/api/v1/contacts/${twin.id}`).then((r) => r.status),
      (status) => status === 404,
      'the twin merged away',
    );
    const merged = (await json(await as(me, `/api/v1/contacts/${ada.id}`))).data;
    expect(merged.phones).toHaveLength(2);
    expect((await timeline(me, ada.id)).map((i) => i.subject)).toEqual(['Hello']);
  });
});

describe('Calendar sync', () => {
  it('logs past meetings with attendees who are contacts, once each', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@cal.test'] });
    const bob = await createContact(me, { first_name: 'Bob', emails: ['bob@cal.test'] });
    const at = (days: number) => ({ dateTime: daysAgo(days), timeZone: 'UTC' });
    await calendarScenario({
      account: 'cal',
      events: [
        {
          id: 'ev1',
          summary: 'Design review',
          description: 'Agenda: engines',
          start: at(3),
          end: at(3),
          attendees: [
            { email: 'me@cal.test', self: true, responseStatus: 'accepted' },
            { email: 'ADA@cal.test', responseStatus: 'accepted' },
            { email: 'bob@cal.test', responseStatus: 'declined' },
          ],
        },
        { id: 'ev2', summary: 'Next week', start: at(-7), end: at(-7), attendees: [{ email: 'ada@cal.test' }] },
        { id: 'ev3', summary: 'Cancelled', status: 'cancelled', start: at(2), end: at(2), attendees: [{ email: 'ada@cal.test' }] },
        { id: 'ev4', summary: 'Solo focus time', start: at(1), end: at(1) },
      ],
    });
    await connectEmail(me, 'cal');
    await runSync(me);
    await runSync(me);
    const line = await timeline(me, ada.id);
    expect(line.map((i) => [i.kind, i.subject, i.body])).toEqual([['meeting', 'Design review', 'Agenda: engines']]);
    expect(line[0]).toMatchObject({ channel: 'calendar', source: 'google_calendar' });
    expect(await timeline(me, bob.id)).toHaveLength(0);
  });
});
