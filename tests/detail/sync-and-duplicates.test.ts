import { describe, expect, it } from 'vitest';
import { requestContactSync } from '../../worker/domain/sync/request-contact-sync';
import { as, createContact, json, signUp } from '../support/client';
import { eventually } from '../support/eventually';
import { userD1, userDeps } from '../support/stores';

describe('contact sync on visit', () => {
  it('enqueues a sync_contact job that runs, at most once per hour per contact', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Synced' });
    const d = await createContact(me, { first_name: 'Other' });
    const first = await as(me, `/api/v1/contacts/${c.id}/sync`, { method: 'POST' });
    expect(first.status).toBe(202);
    expect((await json(first)).data).toEqual({ queued: true });
    expect((await json(await as(me, `/api/v1/contacts/${c.id}/sync`, { method: 'POST' }))).data).toEqual({ queued: false });
    // The throttle is per contact.
    expect((await json(await as(me, `/api/v1/contacts/${d.id}/sync`, { method: 'POST' }))).data).toEqual({ queued: true });

    // The queue consumer ran the job.
    const synced = await eventually(
      async () =>
        (await userD1(me))
          .prepare('SELECT last_synced_at FROM contacts WHERE id = ?')
          .bind(c.id)
          .first<{ last_synced_at: string | null }>(),
      (r) => Boolean(r?.last_synced_at),
      'the sync_contact job ran',
    );
    expect(synced?.last_synced_at).toBeTruthy();

    // An hour later it may sync again.
    const deps = await userDeps(me);
    expect(await requestContactSync(deps, me.user.id, c.id, new Date(Date.now() + 30 * 60_000))).toBe(false);
    expect(await requestContactSync(deps, me.user.id, c.id, new Date(Date.now() + 61 * 60_000))).toBe(true);
  });

  it('visiting the contact page triggers the sync', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Visited' });
    const page = await as(me, `/contacts/${c.id}`);
    expect(page.status).toBe(200);
    // Asked for after the page has answered (waitUntil).
    const db = await userD1(me);
    await eventually(
      () => db.prepare('SELECT requested_at FROM contact_sync_state WHERE contact_id = ?').bind(c.id).first(),
      Boolean,
      'the visit asked for a sync',
    );
    expect((await json(await as(me, `/api/v1/contacts/${c.id}/sync`, { method: 'POST' }))).data).toEqual({ queued: false });
  });
});

describe('possible duplicates', () => {
  it('finds contacts by name, handles, phone and email name, with reasons, best first, and forgets dismissed pairs', async () => {
    const me = await signUp();
    const ada = await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@engines.co'],
      phones: ['+44 20 7946 0000'],
      telegram_username: 'adalove',
      company: 'Engines',
    });
    const sameName = await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['countess@engines.co'],
      company: 'Engines',
    });
    const initial = await createContact(me, { first_name: 'A.', last_name: 'Lovelace' });
    const handle = await createContact(me, { first_name: 'Countess', twitter_handle: 'AdaLove' });
    const phone = await createContact(me, { phones: ['44 20 7946 0000'] });
    // Her mother on the same landline (ADR 031): a name this far apart is no duplicate.
    await createContact(me, { first_name: 'Annabella', last_name: 'Milbanke', phones: ['+44 20 7946 0000'] });
    const emailName = await createContact(me, { first_name: 'Someone', emails: ['ada@gmail.com'] });
    await createContact(me, { first_name: 'Charles', last_name: 'Babbage', company: 'Engines' });
    const stranger = await signUp();
    await createContact(stranger, { first_name: 'Ada', last_name: 'Lovelace' });

    const res = await as(me, `/api/v1/contacts/${ada.id}/duplicates`);
    expect(res.status).toBe(200);
    const list = (await json(res)).data;
    expect(list.map((d: any) => d.contact.id).sort()).toEqual([sameName.id, initial.id, handle.id, phone.id, emailName.id].sort());
    expect(list[0]).toMatchObject({ contact: { id: sameName.id, full_name: 'Ada Lovelace' } });
    expect(list[0].reasons).toEqual(expect.arrayContaining(['same name', 'same company', 'same email domain (engines.co)']));
    expect(list.find((d: any) => d.contact.id === handle.id).reasons).toEqual(['same handle (AdaLove)']);
    expect(list.find((d: any) => d.contact.id === initial.id).reasons).toEqual(['similar name']);
    const scores = list.map((d: any) => d.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    expect((await as(me, `/api/v1/contacts/${sameName.id}/duplicates/${ada.id}/dismiss`, { method: 'POST' })).status).toBe(204);
    const after = (await json(await as(me, `/api/v1/contacts/${ada.id}/duplicates`))).data;
    expect(after.map((d: any) => d.contact.id)).not.toContain(sameName.id);
    expect(after).toHaveLength(4);
  });
});
