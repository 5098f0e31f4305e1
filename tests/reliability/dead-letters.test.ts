import { describe, expect, it } from 'vitest';
import { deliverJobs } from '../geocoding/support';
import { as, createContact, json, signUp } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { eventually } from '../support/eventually';

const unique = () => Math.random().toString(36).slice(2, 8);

/** A batch delivered to the dead-letter queue's consumer, as the queue would after the last retry. */
function deliverDeadLetters(bodies: unknown[]) {
  return deliverJobs(bodies, { queue: 'kith-jobs-dlq' });
}

async function failedJobs(session: Awaited<ReturnType<typeof signUp>>) {
  const res = await as(session, '/api/v1/admin/dead-letters');
  expect(res.status).toBe(200);
  return json(res);
}

describe('dead-lettered jobs (GET /admin/dead-letters, replay, dismiss)', () => {
  it('a job failing its last delivery is listed with its error and attempts once the dead-letter queue has it; earlier failures are not', async () => {
    const me = await signUp();
    const location = `fake:500 ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Stuck', location }]);
    const job = { type: 'geocode_contact', user_id: me.user.id, contact_id: id };

    const early = await deliverJobs([job], { attempts: 3 });
    expect(early.retried).toHaveLength(1);
    expect((await failedJobs(me)).data).toEqual([]);

    const last = await deliverJobs([job], { attempts: 6 });
    expect(last.retried).toHaveLength(1);
    const dlq = await deliverDeadLetters([job]);
    expect(dlq.acked).toEqual(dlq.messageIds);

    const listed = await failedJobs(me);
    expect(listed.meta).toMatchObject({ page: 1, total: 1 });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ type: 'geocode_contact', body: job, attempts: 6 });
    expect(listed.data[0].error).toMatch(/provider unavailable \(HTTP 500\)/);
    expect(Date.parse(listed.data[0].last_seen_at)).toBeGreaterThanOrEqual(Date.parse(listed.data[0].first_seen_at));
  });

  it('a message that reached the dead-letter queue on its own is recorded too, and a second copy does not double it', async () => {
    const me = await signUp();
    const job = { type: 'run_import', user_id: me.user.id, import_id: `imp-${unique()}` };
    await deliverDeadLetters([job]);
    await deliverDeadLetters([job]);
    const listed = await failedJobs(me);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ type: 'run_import', attempts: 6, error: 'Gave up after 6 attempts' });
  });

  it('nobody else sees, replays or dismisses my failed jobs', async () => {
    const me = await signUp();
    const other = await signUp();
    await deliverDeadLetters([{ type: 'sync_contact', user_id: me.user.id, contact_id: `c-${unique()}` }]);
    const [mine] = (await failedJobs(me)).data;
    expect((await failedJobs(other)).data).toEqual([]);
    expect((await as(other, `/api/v1/admin/dead-letters/${mine.id}/replay`, { method: 'POST' })).status).toBe(404);
    expect((await as(other, `/api/v1/admin/dead-letters/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await failedJobs(me)).data).toHaveLength(1);
  });

  it('replay puts the job back on the queue: the contact it was about gets placed, and the entry leaves the list', async () => {
    const me = await signUp();
    // Created through the API, so the contact exists; its own geocode job is already queued.
    const contact = await createContact(me, { first_name: 'Replayed', location: 'Berlin' });
    const job = { type: 'geocode_contact', user_id: me.user.id, contact_id: contact.id };
    await deliverDeadLetters([job]);
    const [entry] = (await failedJobs(me)).data;

    const res = await as(me, `/api/v1/admin/dead-letters/${entry.id}/replay`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: entry.id, type: 'geocode_contact', body: job });
    expect((await failedJobs(me)).data).toEqual([]);
    expect((await as(me, `/api/v1/admin/dead-letters/${entry.id}/replay`, { method: 'POST' })).status).toBe(404);

    const geocodeStatus = async () => (await json(await as(me, `/api/v1/contacts/${contact.id}`))).data.geocode_status as string;
    expect(await eventually(geocodeStatus, (status) => status === 'geocoded', 'the replayed job geocoded the contact')).toBe('geocoded');
  });

  it('dismiss forgets the job without running it', async () => {
    const me = await signUp();
    await deliverDeadLetters([{ type: 'sync_google_contacts', user_id: me.user.id, import_id: `imp-${unique()}` }]);
    const [entry] = (await failedJobs(me)).data;
    expect((await as(me, `/api/v1/admin/dead-letters/${entry.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await failedJobs(me)).data).toEqual([]);
  });

  it('the Settings page shows the failed job with Replay and Dismiss, and replaying from it empties the card', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Shown' });
    await deliverDeadLetters([{ type: 'geocode_contact', user_id: me.user.id, contact_id: contact.id }]);
    const page = await (await as(me, '/settings')).text();
    expect(page).toContain('Failed background jobs');
    expect(page).toContain('Placing a contact&#x27;s location on the map');
    expect(page).toContain('Gave up after 6 attempts');
    const [entry] = (await failedJobs(me)).data;
    const form = new URLSearchParams({ intent: 'replay', id: entry.id });
    const res = await as(me, '/settings/failed-jobs', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/settings\?failed_jobs=Queued/);
    const after = await (await as(me, '/settings')).text();
    expect(after).toContain('Every background job finished');
  });

  it('a job of an account deleted meanwhile, or of no user (the nightly fan-out), is acked and shown to nobody', async () => {
    const me = await signUp();
    const gone = await signUp();
    const ghost = { type: 'sync_contact', user_id: gone.user.id, contact_id: `c-${unique()}` };
    const deleted = await as(gone, '/api/v1/me', {
      method: 'DELETE',
      json: { confirm_email: gone.user.email, password: 'correct horse battery' },
    });
    expect(deleted.status).toBe(200);
    const delivery = await deliverDeadLetters([ghost, { type: 'refresh_relationships' }, { type: 'backfill_all_contacts' }]);
    expect(delivery.acked).toEqual(delivery.messageIds);
    expect((await failedJobs(me)).data).toEqual([]);
  });

  it('the endpoints are in the OpenAPI document', async () => {
    const doc = await json(await as(await signUp(), '/api/v1/openapi.json'));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/dead-letters',
        '/api/v1/admin/dead-letters/{id}/replay',
        '/api/v1/admin/dead-letters/{id}',
        '/api/v1/audit-log',
      ]),
    );
  });
});
