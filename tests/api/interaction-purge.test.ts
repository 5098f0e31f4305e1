import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { applyBulkAction } from '../../worker/domain/bulk/bulk-actions';
import {
  PURGE_CONTACTS_PER_BATCH,
  PURGE_INTERACTIONS_PER_STATEMENT,
  purgeDeletedInteractions,
} from '../../worker/domain/contacts/purge-interactions';
import { createDb } from '../../worker/db/client';
import { CHANNEL_SYNC_CRON } from '../../worker/jobs/scheduled';
import { deliverJobs } from '../geocoding/support';
import { capturingEnv, quietDeps } from '../reliability/jobs';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { interactionRow } from '../support/contact-fixtures';
import { runFanOut, userJobs } from '../support/fan-out';
import { seedContacts } from '../support/map-seed';
import { userD1 } from '../support/stores';

// Deleting contacts removes them and everything that finds them at once; their interactions
// are purged right after by the purge_interactions job (ADR 010).

async function addNote(me: Session, contactId: string, body: string): Promise<string> {
  const res = await as(me, `/api/v1/contacts/${contactId}/notes`, { method: 'POST', json: { body } });
  expect(res.status).toBe(201);
  return (await json(res)).data.id;
}

const stored = async (me: Session, sql: string, ...params: unknown[]) =>
  (await userD1(me))
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>()
    .then((r) => r!.n);
const interactionsOf = (me: Session, contactId: string) =>
  stored(me, 'SELECT count(*) AS n FROM interactions WHERE contact_id = ?', contactId);
const pendingPurges = (me: Session, userId: string) => stored(me, 'SELECT count(*) AS n FROM interaction_purges WHERE user_id = ?', userId);

describe('purging the interactions of deleted contacts', () => {
  it('a bulk delete removes the contacts at once, and the queue purges their interactions right after', async () => {
    const me = await signUp();
    const stranger = await signUp();
    const gone = [await createContact(me, { first_name: 'Gone' }), await createContact(me, { first_name: 'Also Gone' })];
    const kept = await createContact(me, { first_name: 'Kept' });
    const theirs = await createContact(stranger, { first_name: 'Theirs' });
    for (const c of gone) await addNote(me, c.id, `note on ${c.full_name}`);
    await addNote(me, kept.id, 'still here');
    await addNote(stranger, theirs.id, 'not yours');

    const res = await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: gone.map((c) => c.id), action: 'delete' } });
    expect(await json(res)).toEqual({ data: { affected: 2 } });
    for (const c of gone) expect((await as(me, `/api/v1/contacts/${c.id}`)).status).toBe(404);

    await vi.waitFor(async () => expect(await pendingPurges(me, me.user.id)).toBe(0), { timeout: 10_000, interval: 100 });
    for (const c of gone) expect(await interactionsOf(me, c.id)).toBe(0);
    expect(await interactionsOf(me, kept.id)).toBe(1);
    expect(await interactionsOf(stranger, theirs.id)).toBe(1);
  });

  it("until the purge has run, a deleted contact's interactions are nowhere to be seen", async () => {
    const me = await signUp();
    const gone = await createContact(me, { first_name: 'Gone' });
    const kept = await createContact(me, { first_name: 'Kept' });
    const orphanNote = await addNote(me, gone.id, 'written before the delete');
    await addNote(me, kept.id, 'kept note');

    // No queue message: the purge is pending, as while the job waits in the queue.
    await applyBulkAction(await quietDeps(me), me.user.id, [gone.id], { action: 'delete' });
    expect(await interactionsOf(me, gone.id)).toBe(1);
    expect(await pendingPurges(me, me.user.id)).toBe(1);

    const exported = await json(await as(me, '/api/v1/export.json'));
    expect(exported.interactions.map((i: { body: string }) => i.body)).toEqual(['kept note']);
    expect((await as(me, `/api/v1/interactions/${orphanNote}`, { method: 'PATCH', json: { body: 'edited' } })).status).toBe(404);
    expect((await as(me, `/api/v1/interactions/${orphanNote}`, { method: 'DELETE' })).status).toBe(404);
    const home = await json(await as(me, '/api/v1/home'));
    expect(home.data.recent.map((r: { contact_name: string }) => r.contact_name)).toEqual(['Kept']);
    expect(home.data.jobs.purge_pending).toBe(1);
    expect(await (await as(me, '/home')).text()).toContain('Clearing the timelines of 1 deleted contact');

    expect((await deliverJobs([{ type: 'purge_interactions', user_id: me.user.id }])).acked).toHaveLength(1);
    expect(await interactionsOf(me, gone.id)).toBe(0);
    expect(await pendingPurges(me, me.user.id)).toBe(0);
    expect((await json(await as(me, '/api/v1/home'))).data.jobs.purge_pending).toBe(0);
    expect(await (await as(me, '/home')).text()).not.toContain('Clearing the timelines');
  });

  it('purges in batches, and hands what is left to a new message when its time is up', async () => {
    const me = await signUp();
    const contactIds = await seedContacts(
      me.user.id,
      Array.from({ length: PURGE_CONTACTS_PER_BATCH * 2 + 50 }, (_, i) => ({ name: `Seeded ${i}` })),
    );
    const db = await userD1(me);
    await db.batch(contactIds.map((contactId) => interactionRow(db, me.user.id, contactId)));
    await applyBulkAction(await quietDeps(me), me.user.id, contactIds, { action: 'delete' });

    // A budget of zero: one batch, then the rest is left for another message.
    expect(await purgeDeletedInteractions(createDb(await userD1(me)), me.user.id, 0)).toEqual({ more: true });
    expect(await pendingPurges(me, me.user.id)).toBe(PURGE_CONTACTS_PER_BATCH + 50);
    expect(await stored(me, 'SELECT count(*) AS n FROM interactions WHERE user_id = ?', me.user.id)).toBe(PURGE_CONTACTS_PER_BATCH + 50);

    const { sent, target } = capturingEnv();
    await deliverJobs([{ type: 'purge_interactions', user_id: me.user.id }], { target });
    expect(sent).toEqual([]);
    expect(await pendingPurges(me, me.user.id)).toBe(0);
    expect(await stored(me, 'SELECT count(*) AS n FROM interactions WHERE user_id = ?', me.user.id)).toBe(0);
  });

  it('takes a contact with thousands of interactions a bounded statement at a time', async () => {
    const me = await signUp();
    const [busy, quiet] = await seedContacts(me.user.id, [{ name: 'Busy' }, { name: 'Quiet' }]);
    const db = await userD1(me);
    const rows = Array.from({ length: PURGE_INTERACTIONS_PER_STATEMENT + 500 }, () => interactionRow(db, me.user.id, busy!));
    for (let i = 0; i < rows.length; i += 500) await db.batch(rows.slice(i, i + 500));
    await db.batch([interactionRow(db, me.user.id, quiet!)]);
    await applyBulkAction(await quietDeps(me), me.user.id, [busy!, quiet!], { action: 'delete' });

    // One statement deletes at most PURGE_INTERACTIONS_PER_STATEMENT; a contact's purge row goes with its last interaction.
    expect(await purgeDeletedInteractions(createDb(db), me.user.id, 0)).toEqual({ more: true });
    expect(await stored(me, 'SELECT count(*) AS n FROM interactions WHERE user_id = ?', me.user.id)).toBe(501);
    expect(await stored(me, 'SELECT count(*) AS n FROM interaction_purges WHERE contact_id = ?', busy)).toBe(1);
    expect(await purgeDeletedInteractions(createDb(db), me.user.id, 0)).toEqual({ more: true });
    expect(await stored(me, 'SELECT count(*) AS n FROM interactions WHERE user_id = ?', me.user.id)).toBe(0);
    expect(await pendingPurges(me, me.user.id)).toBe(0);
    expect(await purgeDeletedInteractions(createDb(db), me.user.id, 0)).toEqual({ more: false });
  });

  it("an interaction cannot be written for a contact that is gone or someone else's", async () => {
    const me = await signUp();
    const stranger = await signUp();
    const gone = await createContact(me, { first_name: 'Gone' });
    const kept = await createContact(me, { first_name: 'Kept' });
    const theirs = await createContact(stranger, { first_name: 'Theirs' });
    const note = await addNote(me, kept.id, 'stays with Kept');
    await applyBulkAction(await quietDeps(me), me.user.id, [gone.id], { action: 'delete' });

    // What a sync that found the contact just before the delete would write.
    await expect(interactionRow(await userD1(me), me.user.id, gone.id).run()).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await expect(interactionRow(await userD1(me), me.user.id, theirs.id).run()).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await expect(
      (await userD1(me)).prepare('UPDATE interactions SET contact_id = ? WHERE id = ?').bind(gone.id, note).run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
    expect(await interactionsOf(me, gone.id)).toBe(0);
    expect(await interactionsOf(me, kept.id)).toBe(1);
  });

  it('the quarter-hour cron sweeps a purge whose queue message was lost', async () => {
    const me = await signUp();
    const gone = await createContact(me, { first_name: 'Gone' });
    await addNote(me, gone.id, 'orphaned by a lost message');
    await applyBulkAction(await quietDeps(me), me.user.id, [gone.id], { action: 'delete' });

    const cron = capturingEnv();
    await worker.scheduled({ cron: CHANNEL_SYNC_CRON, scheduledTime: Date.now(), noRetry() {} }, cron.target);
    expect(cron.sent).toContainEqual({ type: 'purge_interactions' });

    expect(userJobs(await runFanOut({ type: 'purge_interactions' }))).toContain(me.user.id);
    await deliverJobs([{ type: 'purge_interactions', user_id: me.user.id }]);
    expect(await interactionsOf(me, gone.id)).toBe(0);
    expect(await pendingPurges(me, me.user.id)).toBe(0);
  });

  it('a single delete and a merge leave no purge behind once the queue has run', async () => {
    const me = await signUp();
    const single = await createContact(me, { first_name: 'Single' });
    await addNote(me, single.id, 'single note');
    expect((await as(me, `/api/v1/contacts/${single.id}`, { method: 'DELETE' })).status).toBe(204);

    await vi.waitFor(async () => expect(await pendingPurges(me, me.user.id)).toBe(0), { timeout: 10_000, interval: 100 });
    expect(await interactionsOf(me, single.id)).toBe(0);

    // A merge moves the interactions to the survivor in its own batch: nothing to purge.
    const survivor = await createContact(me, { first_name: 'Survivor' });
    const merged = await createContact(me, { first_name: 'Merged' });
    await addNote(me, merged.id, 'moves to the survivor');
    expect(
      (await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: [survivor.id, merged.id], action: 'merge' } })).status,
    ).toBe(200);
    expect(await pendingPurges(me, me.user.id)).toBe(0);
    expect(await interactionsOf(me, survivor.id)).toBe(1);
  });
});
