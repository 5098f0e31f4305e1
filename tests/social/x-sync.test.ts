import { describe, expect, it } from 'vitest';
import { syncContact } from '../../worker/jobs/handlers/sync-contact';
import { syncXJob } from '../../worker/jobs/handlers/sync-x';
import { RetryLater } from '../../worker/jobs/retry-later';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { connectX, runXSync, timeline, xLog, xScenario } from './x-support';
import { userDeps } from '../support/stores';
import { userD1 } from '../support/stores';

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
const bioOf = async (me: Session, id: string) =>
  (await (await userD1(me)).prepare('SELECT bio_twitter FROM contacts WHERE id = ?').bind(id).first<{ bio_twitter: string | null }>())!
    .bio_twitter;

describe('X DM sync', () => {
  it('logs DMs with contacts whose handle matches (any case, with @), across pages, once, then only what is new', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: '@ADA_l' });
    const bob = await createContact(me, { first_name: 'Bob', twitter_handle: 'bob' });
    await xScenario({
      account: 'sync',
      pageSize: 2,
      messages: [
        { with: 'Ada_L', from: 'them', text: 'Hi from Ada', created_at: daysAgo(3) },
        { with: 'Ada_L', from: 'me', text: 'Hi Ada', created_at: daysAgo(2) },
        { with: 'stranger', from: 'them', text: 'Buy my course', created_at: daysAgo(2) },
        { with: 'bob', from: 'them', text: 'Hey, Bob here', created_at: daysAgo(1) },
        { with: 'Ada_L', from: 'them', text: 'See you', created_at: daysAgo(1) },
      ],
    });
    await connectX(me, 'sync');
    await runXSync(me);
    const adaLine = await timeline(me, ada.id);
    expect(adaLine.map((i) => [i.kind, i.channel, i.direction, i.body])).toEqual([
      ['message', 'twitter', 'in', 'See you'],
      ['message', 'twitter', 'out', 'Hi Ada'],
      ['message', 'twitter', 'in', 'Hi from Ada'],
    ]);
    expect((await timeline(me, bob.id)).map((i) => i.body)).toEqual(['Hey, Bob here']);
    const stranger = await (
      await userD1(me)
    )
      .prepare("SELECT count(*) AS n FROM interactions WHERE user_id = ? AND body = 'Buy my course'")
      .bind(me.user.id)
      .first<{ n: number }>();
    expect(stranger!.n).toBe(0);

    // Re-running adds nothing; a new DM is picked up, and paging stops at what was seen.
    expect((await runXSync(me)).logged).toBe(0);
    const before = (await xLog('sync')).filter((l) => l.kind === 'dm_events').length;
    await xScenario({ account: 'sync', messages: [{ with: 'bob', from: 'me', text: 'Good to hear from you' }] });
    expect((await runXSync(me)).logged).toBe(1);
    expect((await xLog('sync')).filter((l) => l.kind === 'dm_events').length - before).toBe(1);
    expect((await timeline(me, bob.id)).map((i) => i.body)).toEqual(['Good to hear from you', 'Hey, Bob here']);
    expect(await timeline(me, ada.id)).toHaveLength(3);
  });

  it('dismisses pending follow-ups older than a newly synced DM, not newer ones, and scores the contact', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada_fu' });
    const bob = await createContact(me, { first_name: 'Bob', twitter_handle: 'bob_fu' });
    await followup(me, ada.id, `xfu-ada-${me.user.id}`, daysAgo(10));
    await followup(me, bob.id, `xfu-bob-${me.user.id}`, daysAgo(1));
    await xScenario({
      account: 'fu',
      messages: [
        { with: 'ada_fu', from: 'them', text: 'Newer than the suggestion', created_at: daysAgo(5) },
        { with: 'bob_fu', from: 'them', text: 'Older than the suggestion', created_at: daysAgo(20) },
      ],
    });
    await connectX(me, 'fu');
    await runXSync(me);
    expect(await followupStatus(me, `xfu-ada-${me.user.id}`)).toBe('dismissed');
    expect(await followupStatus(me, `xfu-bob-${me.user.id}`)).toBe('pending');
    expect((await json(await as(me, `/api/v1/contacts/${ada.id}`))).data.relationship_score).toBeGreaterThan(0);
  });

  it('records a bio change event when the X bio differs from the last one seen, once', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', twitter_handle: 'ada_bio' });
    await xScenario({
      account: 'bio',
      users: [{ username: 'ada_bio', description: 'Mathematician' }],
      messages: [{ with: 'ada_bio', from: 'them', text: 'Hello' }],
    });
    await connectX(me, 'bio');
    await runXSync(me);
    // The first bio seen is stored without an event: there is no change to tell.
    expect(await bioOf(me, ada.id)).toBe('Mathematician');
    expect((await timeline(me, ada.id)).filter((i) => i.kind === 'bio_change')).toHaveLength(0);

    await xScenario({
      account: 'bio',
      users: [{ username: 'ada_bio', description: 'Analyst at the Engine Co.' }],
      messages: [{ with: 'ada_bio', from: 'them', text: 'New job!' }],
    });
    await runXSync(me);
    await runXSync(me);
    const changes = (await timeline(me, ada.id)).filter((i) => i.kind === 'bio_change');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ channel: 'twitter', body: expect.stringContaining('Analyst at the Engine Co.') });
    expect(changes[0].body).toContain('Before: Mathematician');
    expect(await bioOf(me, ada.id)).toBe('Analyst at the Engine Co.');
  });

  it('brings the job back after X’s reset time when X rate limits the sync', async () => {
    const me = await signUp();
    await xScenario({ account: 'limit' });
    await connectX(me, 'limit');
    await xScenario({ account: 'limit', rateLimitFor: 300 });
    const error = await syncXJob(await userDeps(me), { type: 'sync_x', user_id: me.user.id }).catch((e) => e);
    expect(error).toBeInstanceOf(RetryLater);
    expect(error.delaySeconds).toBeGreaterThanOrEqual(295);
    await xScenario({ account: 'limit', rateLimitFor: null });
  });
});

describe('Per-contact X sync (visiting a contact page)', () => {
  it('reads the conversation with that contact and their bio', async () => {
    const me = await signUp();
    await xScenario({
      account: 'visit',
      users: [{ username: 'grace_h', description: 'Rear admiral' }],
      messages: [
        { with: 'grace_h', from: 'them', text: 'Found a bug', created_at: daysAgo(2) },
        { with: 'grace_h', from: 'me', text: 'A moth?', created_at: daysAgo(1) },
        { with: 'someone_else', from: 'them', text: 'Not Grace', created_at: daysAgo(1) },
      ],
    });
    await connectX(me, 'visit');
    const grace = await createContact(me, { first_name: 'Grace', twitter_handle: 'Grace_H' });
    const job = { type: 'sync_contact' as const, user_id: me.user.id, contact_id: grace.id };
    await syncContact(await userDeps(me), job);
    expect((await timeline(me, grace.id)).map((i) => [i.direction, i.body])).toEqual([
      ['out', 'A moth?'],
      ['in', 'Found a bug'],
    ]);
    expect(await bioOf(me, grace.id)).toBe('Rear admiral');

    await xScenario({ account: 'visit', users: [{ username: 'grace_h', description: 'Rear admiral, retired' }] });
    await syncContact(await userDeps(me), job);
    const line = await timeline(me, grace.id);
    expect(line.filter((i) => i.kind === 'message')).toHaveLength(2);
    expect(line.filter((i) => i.kind === 'bio_change').map((i) => i.body)).toEqual([expect.stringContaining('Rear admiral, retired')]);
  });

  it('does nothing without X connected, and still records the visit sync', async () => {
    const me = await signUp();
    const nobody = await createContact(me, { first_name: 'Grace', twitter_handle: 'grace_h' });
    await syncContact(await userDeps(me), { type: 'sync_contact', user_id: me.user.id, contact_id: nobody.id });
    expect(await timeline(me, nobody.id)).toHaveLength(0);
    const synced = await (
      await userD1(me)
    )
      .prepare('SELECT last_synced_at FROM contacts WHERE id = ?')
      .bind(nobody.id)
      .first<{ last_synced_at: string | null }>();
    expect(synced!.last_synced_at).not.toBeNull();
  });

  it('does nothing for a contact without an X handle', async () => {
    const me = await signUp();
    await xScenario({ account: 'nohandle', messages: [{ with: 'someone', from: 'them', text: 'Hi' }] });
    await connectX(me, 'nohandle');
    const plain = await createContact(me, { first_name: 'Plain' });
    await syncContact(await userDeps(me), { type: 'sync_contact', user_id: me.user.id, contact_id: plain.id });
    expect(await timeline(me, plain.id)).toHaveLength(0);
  });
});
