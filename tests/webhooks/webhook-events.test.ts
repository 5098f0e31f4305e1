import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';
import { importCsv } from '../support/imports';
import { receivedWhere, register, runScanCron, signedWith, type Received } from './support';
import { hookKey } from './support';

// Every event kind reaches a registered endpoint once, signed with its secret: the contact
// events from the change log at the per-minute scan, the others from where they happen.

const ALL_EVENTS = [
  'contact.created',
  'contact.updated',
  'contact.merged',
  'contact.deleted',
  'interaction.logged',
  'reminder.due',
  'import.finished',
];

async function expectSigned(secret: string, requests: Received[]) {
  for (const request of requests) {
    const body = JSON.parse(request.body);
    expect(await signedWith(secret, request.headers['kith-signature']!, request.body)).toBe(true);
    expect(request.headers['kith-event']).toBe(body.type);
    expect(request.headers['kith-delivery']).toMatch(/^[0-9a-f]{32}$/);
    expect(request.headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({ version: 1, id: expect.stringMatching(/^evt_/) });
  }
}

describe('webhook events', () => {
  it('delivers each kind of event once, signed, with the payload its type documents', async () => {
    const me = await signUp();
    const key = hookKey('events');
    const { secret } = await register(me, key, ALL_EVENTS);
    const today = new Date().toISOString().slice(0, 10);

    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Webhook' });
    await runScanCron();
    const created = await receivedWhere(key, (b) => b.type === 'contact.created' && b.data.contact.id === ada.id, 'contact.created');
    expect(JSON.parse(created[0]!.body).data.contact).toMatchObject({ first_name: 'Ada', last_name: 'Webhook' });

    expect((await as(me, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { title: 'Engineer' } })).status).toBe(200);
    await runScanCron();
    const updated = await receivedWhere(key, (b) => b.type === 'contact.updated' && b.data.contact.id === ada.id, 'contact.updated');
    expect(JSON.parse(updated[0]!.body).data.contact.title).toBe('Engineer');

    const note = await as(me, `/api/v1/contacts/${ada.id}/notes`, { method: 'POST', json: { body: 'Met at the conference' } });
    expect(note.status).toBe(201);
    const logged = await receivedWhere(key, (b) => b.type === 'interaction.logged', 'interaction.logged');
    expect(JSON.parse(logged[0]!.body).data.interaction).toMatchObject({ contact_id: ada.id, body: 'Met at the conference' });

    const reminder = await as(me, `/api/v1/contacts/${ada.id}/reminders`, { method: 'POST', json: { on: today, note: 'Call Ada' } });
    expect(reminder.status).toBe(201);
    await runScanCron();
    const due = await receivedWhere(key, (b) => b.type === 'reminder.due', 'reminder.due');
    expect(JSON.parse(due[0]!.body).data.reminder).toMatchObject({ contact_id: ada.id, note: 'Call Ada', due_on: today });

    const finished = await importCsv(me, 'First name,Last name\nImported,Person\n');
    expect(finished.status).toBe('done');
    const imported = await receivedWhere(key, (b) => b.type === 'import.finished', 'import.finished');
    expect(JSON.parse(imported[0]!.body).data.import).toMatchObject({ id: finished.id, status: 'done', created: 1 });

    const bo = await createContact(me, { first_name: 'Bo', emails: ['bo@example.com'] });
    const boAgain = await createContact(me, { first_name: 'Bo', last_name: 'Again' });
    const merged = await as(me, `/api/v1/contacts/${bo.id}/merge`, { method: 'POST', json: { other_id: boAgain.id } });
    expect(merged.status).toBe(200);
    await runScanCron();
    const mergedEvent = await receivedWhere(key, (b) => b.type === 'contact.merged', 'contact.merged');
    expect(JSON.parse(mergedEvent[0]!.body).data).toEqual({ contact_id: boAgain.id, merged_into: bo.id });

    expect((await as(me, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' })).status).toBe(204);
    await runScanCron();
    const deleted = await receivedWhere(key, (b) => b.type === 'contact.deleted', 'contact.deleted');
    expect(JSON.parse(deleted[0]!.body).data).toEqual({ contact_id: ada.id });

    // A scan with nothing new sends nothing again.
    await runScanCron();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = await receivedWhere(key, () => true, 'everything');
    const bodies = all.map((r) => JSON.parse(r.body));
    const once = (type: string, subject: (b: any) => boolean) => bodies.filter((b) => b.type === type && subject(b)).length;
    expect(once('contact.created', (b) => b.data.contact.id === ada.id)).toBe(1);
    expect(once('contact.updated', (b) => b.data.contact.id === ada.id)).toBe(1);
    expect(once('contact.deleted', (b) => b.data.contact_id === ada.id)).toBe(1);
    expect(once('contact.merged', (b) => b.data.contact_id === boAgain.id)).toBe(1);
    expect(once('interaction.logged', (b) => b.data.interaction.contact_id === ada.id)).toBe(1);
    expect(once('reminder.due', (b) => b.data.reminder.contact_id === ada.id)).toBe(1);
    expect(once('import.finished', (b) => b.data.import.id === finished.id)).toBe(1);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(bodies.length);
    await expectSigned(secret, all);
  });

  it('sends an endpoint only the events it subscribed to, and nothing from before it was registered', async () => {
    const me = await signUp();
    const before = await createContact(me, { first_name: 'Before' });
    const key = hookKey('only-deleted');
    await register(me, key, ['contact.deleted']);
    const after = await createContact(me, { first_name: 'After' });
    expect((await as(me, `/api/v1/contacts/${after.id}`, { method: 'DELETE' })).status).toBe(204);
    await runScanCron();
    const got = await receivedWhere(key, () => true, 'the deletion');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const types = (await receivedWhere(key, () => true, 'all')).map((r) => JSON.parse(r.body));
    expect(types).toEqual([expect.objectContaining({ type: 'contact.deleted', data: { contact_id: after.id } })]);
    expect(got).toHaveLength(1);
    expect(JSON.stringify(types)).not.toContain(before.id);
  });

  it('is not reached by another user’s events', async () => {
    const me = await signUp();
    const other = await signUp();
    const key = hookKey('mine');
    await register(me, key, ['contact.created']);
    await createContact(other, { first_name: 'Stranger' });
    const mine = await createContact(me, { first_name: 'Mine' });
    await runScanCron();
    const got = await receivedWhere(key, () => true, 'my contact');
    expect(got.map((r) => JSON.parse(r.body).data.contact.id)).toEqual([mine.id]);
    const list = await json(await as(other, '/api/v1/webhooks'));
    expect(list.data).toEqual([]);
  });
});
