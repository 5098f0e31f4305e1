import { describe, expect, it } from 'vitest';
import { startFileImport } from '../../worker/domain/imports/start-import';
import { deliverJobs } from '../geocoding/support';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { failWhen, snapshotUser, sqlText } from './snapshot';
import { userDeps } from '../support/stores';
import { userD1 } from '../support/stores';

/** A contact with everything that hangs off one: identifiers, tags, a note on the timeline. */
async function richContact(me: Session, n: number, extra: Record<string, unknown> = {}) {
  const contact = await createContact(me, {
    first_name: `Person${n}`,
    last_name: 'Atomic',
    emails: [`person${n}-${me.user.id.slice(0, 6)}@example.com`],
    phones: [`+1415555${String(1000 + n)}`],
    tags: ['friends', `t${n % 3}`],
    company: `Company ${n % 4}`,
    notes: `notes ${n}`,
    ...extra,
  });
  expect((await as(me, `/api/v1/contacts/${contact.id}/notes`, { method: 'POST', json: { body: `Met person ${n}` } })).status).toBe(201);
  return contact;
}

async function expectServerError(res: Response) {
  expect(res.status).toBe(500);
  expect((await json(res)).error.code).toBe('internal_error');
}

describe('a failure in the middle of a batch leaves the database exactly as before', () => {
  it('merge: the delete of the merged contact fails after identifiers, tags and notes moved', async () => {
    const me = await signUp();
    const survivor = await richContact(me, 1);
    const other = await richContact(me, 2, { telegram_username: `tg_${me.user.id.slice(0, 8)}` });
    const before = await snapshotUser(me.user.id);
    const drop = await failWhen('contacts', 'DELETE', `OLD.id = ${sqlText(other.id)}`);
    try {
      await expectServerError(await as(me, `/api/v1/contacts/${survivor.id}/merge`, { method: 'POST', json: { other_id: other.id } }));
    } finally {
      await drop();
    }
    expect(await snapshotUser(me.user.id)).toEqual(before);
    // And without the fault the same merge goes through: the trigger was the only obstacle.
    expect((await as(me, `/api/v1/contacts/${survivor.id}/merge`, { method: 'POST', json: { other_id: other.id } })).status).toBe(200);
    expect(await snapshotUser(me.user.id)).not.toEqual(before);
  });

  it('bulk delete: the 25th of 30 contacts cannot be deleted, so none is and no audit record stays', async () => {
    const me = await signUp();
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push((await richContact(me, n)).id);
    const before = await snapshotUser(me.user.id);
    const drop = await failWhen('contacts', 'DELETE', `OLD.id = ${sqlText(ids[24]!)}`);
    try {
      await expectServerError(await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids, action: 'delete' } }));
    } finally {
      await drop();
    }
    const after = await snapshotUser(me.user.id);
    expect(after.contacts).toHaveLength(30);
    expect(after.audit_log).toEqual([]);
    expect(after).toEqual(before);
  });

  it('2nd-tier delete: one 2nd tier contact cannot be deleted, so every one stays, search included', async () => {
    const me = await signUp();
    const tier: string[] = [];
    for (let n = 0; n < 8; n++) tier.push((await richContact(me, n, { tags: ['2nd tier'] })).id);
    await richContact(me, 99);
    const before = await snapshotUser(me.user.id);
    const drop = await failWhen('contacts', 'DELETE', `OLD.id = ${sqlText(tier[5]!)}`);
    try {
      await expectServerError(await as(me, '/api/v1/contacts/2nd-tier', { method: 'DELETE' }));
    } finally {
      await drop();
    }
    expect(await snapshotUser(me.user.id)).toEqual(before);
    expect((await json(await as(me, '/api/v1/contacts/2nd-tier/count'))).data.count).toBe(8);
    expect((await json(await as(me, '/api/v1/contacts?q=Person5'))).data.map((c: { id: string }) => c.id)).toEqual([tier[5]]);
  });

  it('import chunk: when its last statement (the progress count) fails, none of its contacts, identifiers or staged-row deletes stay', async () => {
    const me = await signUp();
    await richContact(me, 1);
    const csv = [
      'First Name,Last Name,Email,Phone,Tags',
      ...Array.from({ length: 7 }, (_, i) => `Imp${i},Row,imp${i}-${me.user.id.slice(0, 6)}@example.com,+4930${1000 + i},csv`),
    ].join('\n');
    // Staged without the queue message, so this test delivers the job itself.
    const deps = { ...(await userDeps(me)), jobs: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<never> };
    const { import_id } = await startFileImport(deps, me.user.id, {
      bytes: new TextEncoder().encode(csv),
      fileName: 'people.csv',
      expect: 'csv',
    });
    await (await userD1(me)).prepare("UPDATE imports SET status = 'running' WHERE id = ?1").bind(import_id).run();
    const before = await snapshotUser(me.user.id);
    const drop = await failWhen('imports', 'UPDATE', `NEW.id = ${sqlText(import_id)} AND NEW.processed > OLD.processed`);
    let delivery;
    try {
      delivery = await deliverJobs([{ type: 'run_import', user_id: me.user.id, import_id }]);
    } finally {
      await drop();
    }
    expect(delivery.retried).toHaveLength(1);
    const after = await snapshotUser(me.user.id);
    expect(after.import_rows).toHaveLength(7);
    expect(after).toEqual(before);
    // The retry, without the fault, imports all seven.
    await deliverJobs([{ type: 'run_import', user_id: me.user.id, import_id }], { attempts: 2 });
    const imp = (await json(await as(me, `/api/v1/imports/${import_id}`))).data;
    expect(imp).toMatchObject({ status: 'done', processed: 7, created: 7 });
  });
});
