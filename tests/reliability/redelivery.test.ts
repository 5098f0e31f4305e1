import { inject, describe, expect, it } from 'vitest';
import { applyBulkAction } from '../../worker/domain/bulk/bulk-actions';
import { startGoogleSync } from '../../worker/domain/google/sync-google-contacts';
import { startFileImport } from '../../worker/domain/imports/start-import';
import { deliverJobs } from '../geocoding/support';
import { as, createContact, json, signUp } from '../support/client';
import { setContactColumns } from '../support/contact-fixtures';
import { allContacts } from '../support/imports';
import { mapboxCalls, seedContacts } from '../support/map-seed';
import { capturingEnv, connectGoogle, quietDeps } from './jobs';
import { failWhen, snapshotUser, sqlText } from './snapshot';

// The queue delivers at least once: every handler of worker/jobs/handlers, run twice on the
// same message, must leave what running it once leaves.

const unique = () => Math.random().toString(36).slice(2, 8);

/** The user's rows minus timestamps that only say "this ran" (sync times, update times). */
async function effect(userId: string) {
  const snap = await snapshotUser(userId);
  const strip = (rows: unknown[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r as object).filter(([k]) => !['last_synced_at', 'updated_at', 'requested_at', 'computed_at'].includes(k)),
      ),
    );
  return Object.fromEntries(Object.entries(snap).map(([table, rows]) => [table, strip(rows)]));
}

describe('a job delivered twice has the effect of once', () => {
  it('geocode_contact: one provider call, the same coordinates and geocoded_at', async () => {
    const me = await signUp();
    const location = `Redelivered ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Twice', location }]);
    const job = { type: 'geocode_contact', user_id: me.user.id, contact_id: id };
    expect((await deliverJobs([job])).acked).toHaveLength(1);
    const once = await snapshotUser(me.user.id);
    expect((await deliverJobs([job])).acked).toHaveLength(1);
    expect(await snapshotUser(me.user.id)).toEqual(once);
    expect(await mapboxCalls(location)).toBe(1);
  });

  it('backfill_all_contacts: the geocode jobs it queues, run, cost one provider call per place and place each contact once', async () => {
    const me = await signUp();
    const place = `Backfill ${unique()}`;
    await seedContacts(me.user.id, [
      { name: 'A', location: place },
      { name: 'B', location: place },
      { name: 'C', location: `${place} 2` },
    ]);
    const { sent, target } = capturingEnv();
    const job = { type: 'backfill_all_contacts', user_id: me.user.id };
    await deliverJobs([job], { target });
    await deliverJobs([job], { target });
    await deliverJobs(sent);
    const once = await snapshotUser(me.user.id);
    expect(once.contacts!.every((c) => (c as { latitude: number | null }).latitude !== null)).toBe(true);
    await deliverJobs(sent);
    expect(await snapshotUser(me.user.id)).toEqual(once);
    expect((await mapboxCalls(place)) + (await mapboxCalls(`${place} 2`))).toBe(2);
  });

  it('sync_contact: nothing but the sync time changes the second time', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Synced', emails: [`s-${unique()}@example.com`] });
    const job = { type: 'sync_contact', user_id: me.user.id, contact_id: contact.id };
    await deliverJobs([job]);
    const once = await effect(me.user.id);
    await deliverJobs([job]);
    expect(await effect(me.user.id)).toEqual(once);
    expect(once.interactions).toEqual([]);
  });

  it('refresh_relationships: one follow-up suggestion, the same score', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Cold', priority: 'high' });
    await setContactColumns(me, contact.id, {
      created_at: new Date(Date.now() - 200 * 86_400_000).toISOString(),
      last_interaction_at: new Date(Date.now() - 90 * 86_400_000).toISOString(),
    });
    const job = { type: 'refresh_relationships', user_id: me.user.id };
    await deliverJobs([job]);
    const once = await effect(me.user.id);
    expect(once.followups).toHaveLength(1);
    await deliverJobs([job]);
    expect(await effect(me.user.id)).toEqual(once);
  });

  it("purge_interactions: the deleted contact's interactions are gone, the others kept", async () => {
    const me = await signUp();
    const gone = await createContact(me, { first_name: 'Gone' });
    const kept = await createContact(me, { first_name: 'Kept' });
    for (const c of [gone, kept])
      await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: `about ${c.full_name}` } });
    await applyBulkAction(await quietDeps(me), me.user.id, [gone.id], { action: 'delete' });
    const job = { type: 'purge_interactions', user_id: me.user.id };
    await deliverJobs([job]);
    const once = await effect(me.user.id);
    expect(once.interactions!.map((i) => (i as { contact_id: string }).contact_id)).toEqual([kept.id]);
    expect(once.interaction_purges).toEqual([]);
    await deliverJobs([job]);
    expect(await effect(me.user.id)).toEqual(once);
  });

  it('run_import: the contacts and the counts of one import, also when redelivered after finishing', async () => {
    const me = await signUp();
    const csv = ['First Name,Email', ...Array.from({ length: 5 }, (_, i) => `Row${i},row${i}-${unique()}@example.com`)].join('\n');
    const { import_id } = await startFileImport(await quietDeps(me), me.user.id, {
      bytes: new TextEncoder().encode(csv),
      fileName: 'twice.csv',
      expect: 'csv',
    });
    const { target } = capturingEnv();
    const job = { type: 'run_import', user_id: me.user.id, import_id };
    await deliverJobs([job], { target });
    const once = await effect(me.user.id);
    await deliverJobs([job], { target });
    expect(await effect(me.user.id)).toEqual(once);
    const imp = (await json(await as(me, `/api/v1/imports/${import_id}`))).data;
    expect(imp).toMatchObject({ status: 'done', total: 5, processed: 5, created: 5 });
    expect(await allContacts(me)).toHaveLength(5);
  });

  it('sync_google_contacts: redelivered after a failure half-way, it resumes: no contact or count doubled', async () => {
    const me = await signUp();
    const account = `redeliver-${unique()}`;
    const people = Array.from({ length: 4 }, (_, i) => ({
      resourceName: `people/r${i}`,
      names: [{ givenName: `Person${i}`, familyName: account, displayName: `Person${i} ${account}` }],
      emailAddresses: [{ value: `g${i}-${account}@example.com` }],
    }));
    // Connected with nobody in the account yet; the four arrive before the sync under test.
    await connectGoogle(me, account);
    await fetch(`${inject('fakeProvidersUrl')}/__scenario/google`, {
      method: 'POST',
      body: JSON.stringify({ account, people, pageSize: 2 }),
    });
    const { import_id } = await startGoogleSync(await quietDeps(me), me.user.id);
    const job = { type: 'sync_google_contacts', user_id: me.user.id, import_id };
    // The first delivery dies on the second page (its third person cannot be saved).
    const drop = await failWhen('contacts', 'INSERT', `NEW.user_id = ${sqlText(me.user.id)} AND NEW.first_name = 'Person2'`);
    const { target } = capturingEnv();
    try {
      expect((await deliverJobs([job], { target })).retried).toHaveLength(1);
    } finally {
      await drop();
    }
    await deliverJobs([job], { target, attempts: 2 });
    const once = await effect(me.user.id);
    await deliverJobs([job], { target, attempts: 3 });
    expect(await effect(me.user.id)).toEqual(once);
    const imp = (await json(await as(me, `/api/v1/imports/${import_id}`))).data;
    expect(imp).toMatchObject({ status: 'done', total: 4, processed: 4, created: 4 });
    expect((await allContacts(me)).filter((c) => c.full_name.includes(account))).toHaveLength(4);
  });
});
