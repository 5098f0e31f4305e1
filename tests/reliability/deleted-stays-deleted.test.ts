import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1, userDeps } from '../support/stores';

// Issue 41 item 4 (ADR 026): an audit record keeps who, when, what kind and the name for good;
// a deleted contact's contents only until the delete's window closes (a day), a merge's snapshot
// only for the unmerge window (30 days). The clock moves by writing the records' dates.
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The nightly sweep as the queue runs it, on the user's database. */
async function nightlySweep(me: Session) {
  const { database } = (await userDeps(me)).store;
  const messages = [
    { id: 'sweep', timestamp: new Date(), attempts: 1, body: { type: 'sweep_audit_contents', database }, ack() {}, retry() {} },
  ];
  await worker.queue({ queue: 'kith-jobs', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<never>, env as unknown as Env);
}

async function entries(me: Session) {
  return (await json(await as(me, '/api/v1/audit-log?page_size=100'))).data as {
    id: string;
    action: string;
    summary: string;
    data: Record<string, unknown>;
    created_at: string;
  }[];
}

describe('deleted stays deleted', () => {
  it("keeps a deleted contact's notes in the activity log for a day, then only its name", async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', notes: 'Knows the vault code 4711' });
    expect((await as(me, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    const [entry] = await entries(me);
    expect(entry).toMatchObject({ action: 'contact.delete', summary: 'Deleted contact Ada Lovelace' });
    expect(JSON.stringify(entry!.data)).toContain('vault code 4711');

    // Inside the window the sweep leaves it.
    await nightlySweep(me);
    expect(JSON.stringify((await entries(me))[0]!.data)).toContain('vault code 4711');

    const when = ago(25 * HOUR);
    await (await userD1(me)).prepare('UPDATE audit_log SET created_at = ?1 WHERE id = ?2').bind(when, entry!.id).run();
    await nightlySweep(me);
    const [swept] = await entries(me);
    expect(swept).toMatchObject({ id: entry!.id, action: 'contact.delete', summary: 'Deleted contact Ada Lovelace', created_at: when });
    expect(swept!.data).toEqual({ full_name: 'Ada Lovelace' });
    expect(await (await as(me, '/settings/audit')).text()).toContain('Deleted contact Ada Lovelace');
  });

  it('lets a merge be undone for 30 days; after, its snapshot is gone and Unmerge says why', async () => {
    const me = await signUp();
    const grace = await createContact(me, { first_name: 'Grace', last_name: 'Hopper', notes: 'Survivor note' });
    const amazing = await createContact(me, { first_name: 'Amazing', last_name: 'Grace', notes: 'Secret: the merged one' });
    expect((await as(me, `/api/v1/contacts/${amazing.id}/notes`, { method: 'POST', json: { body: 'Lunch at the yard' } })).status).toBe(
      201,
    );
    expect((await as(me, `/api/v1/contacts/${grace.id}/merge`, { method: 'POST', json: { other_id: amazing.id } })).status).toBe(200);
    const [merge] = (await json(await as(me, `/api/v1/contacts/${grace.id}/merges`))).data;
    const d1 = await userD1(me);
    const backdate = (when: string) =>
      d1.batch([
        d1.prepare('UPDATE audit_log SET created_at = ?1 WHERE id = ?2').bind(when, merge.id),
        d1.prepare('UPDATE contact_merges SET created_at = ?1 WHERE id = ?2').bind(when, merge.id),
      ]);
    const moved = () =>
      d1.prepare('SELECT count(*) AS n FROM contact_merge_interactions WHERE merge_id = ?1').bind(merge.id).first<{ n: number }>();

    // Day 29: still undoable, everything kept.
    await backdate(ago(29 * 24 * HOUR));
    await nightlySweep(me);
    expect((await json(await as(me, `/api/v1/contacts/${grace.id}/merges`))).data.map((m: { id: string }) => m.id)).toEqual([merge.id]);
    expect(JSON.stringify((await entries(me)).find((e) => e.id === merge.id)!.data)).toContain('Secret: the merged one');
    expect((await moved())!.n).toBe(1);

    // Day 31: the snapshot, the survivor's row from before and the list of moved entries are gone.
    const when = ago(31 * 24 * HOUR);
    await backdate(when);
    await nightlySweep(me);
    const survivorBefore = await json(await as(me, `/api/v1/contacts/${grace.id}`));
    const entry = (await entries(me)).find((e) => e.id === merge.id)!;
    expect(entry).toMatchObject({ action: 'contact.merge', summary: 'Merged Amazing Grace into another contact', created_at: when });
    expect(JSON.stringify(entry.data)).not.toContain('Secret');
    expect(JSON.stringify(entry.data)).not.toContain('Survivor note');
    expect((await moved())!.n).toBe(0);
    const record = await d1
      .prepare('SELECT survivor_before FROM contact_merges WHERE id = ?1')
      .bind(merge.id)
      .first<{ survivor_before: string }>();
    expect(record!.survivor_before).toBe('{}');
    expect((await json(await as(me, `/api/v1/contacts/${grace.id}/merges`))).data).toEqual([]);

    const refused = await as(me, `/api/v1/merges/${merge.id}/unmerge`, { method: 'POST' });
    expect(refused.status).toBe(410);
    const error = (await json(refused)).error;
    expect(error.code).toBe('merge_expired');
    expect(error.message).toContain('can no longer be undone');
    expect(error.message).toContain('30 days');
    // Nothing half-restored: the merged contact stays gone, the survivor as it was.
    expect((await as(me, `/api/v1/contacts/${amazing.id}`)).status).toBe(404);
    expect(await json(await as(me, `/api/v1/contacts/${grace.id}`))).toEqual(survivorBefore);
  });
});
