import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

const events = async (me: Session, contactId: string, query = '') => json(await as(me, `/api/v1/contacts/${contactId}/events${query}`));
const add = (me: Session, contactId: string, body: unknown) =>
  as(me, `/api/v1/contacts/${contactId}/events`, { method: 'POST', json: body });

describe('life events on a contact', () => {
  it('adds, lists newest first, edits and deletes events; a yearly one needs its day', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });

    const job = await add(me, ana.id, {
      kind: 'new_job',
      summary: 'New job at Acme as Head of Sales',
      happened_on: '2024-05-06',
      recurs: true,
      evidence: 'She told me at the Slush dinner',
    });
    expect(job.status).toBe(201);
    const made = (await json(job)).data;
    expect(made).toMatchObject({
      contact_id: ana.id,
      kind: 'new_job',
      kind_label: 'New job',
      summary: 'New job at Acme as Head of Sales',
      happened_on: '2024-05-06',
      recurs: true,
      status: 'accepted',
      source: 'manual',
      evidence: { text: 'She told me at the Slush dinner', field: null, link: null },
    });
    expect((await add(me, ana.id, { kind: 'moved', summary: 'Moved to Lisbon', happened_on: '2025' })).status).toBe(201);
    expect((await add(me, ana.id, { kind: 'graduated', summary: 'MBA at INSEAD', happened_on: '2019-06' })).status).toBe(201);

    const listed = await events(me, ana.id);
    expect(listed.data.map((e: any) => e.summary)).toEqual(['Moved to Lisbon', 'New job at Acme as Head of Sales', 'MBA at INSEAD']);
    expect(listed.meta.total).toBe(3);
    expect((await events(me, ana.id, '?page_size=1&page=2')).data.map((e: any) => e.summary)).toEqual(['New job at Acme as Head of Sales']);

    const edited = await as(me, `/api/v1/contacts/${ana.id}/events/${made.id}`, {
      method: 'PATCH',
      json: { summary: 'Head of Sales at Acme', recurs: false },
    });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data).toMatchObject({ summary: 'Head of Sales at Acme', recurs: false, happened_on: '2024-05-06' });

    // Yearly without a full date: refused with the field named, nothing written.
    const noDay = await add(me, ana.id, { kind: 'engaged_married', summary: 'Married Bo', happened_on: '2020', recurs: true });
    expect(noDay.status).toBe(400);
    expect((await json(noDay)).error.details.issues[0].path).toBe('recurs');
    const partial = await as(me, `/api/v1/contacts/${ana.id}/events/${listed.data[0].id}`, { method: 'PATCH', json: { recurs: true } });
    expect(partial.status).toBe(400);
    expect((await events(me, ana.id)).meta.total).toBe(3);

    expect((await as(me, `/api/v1/contacts/${ana.id}/events/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await events(me, ana.id)).data.map((e: any) => e.summary)).toEqual(['Moved to Lisbon', 'MBA at INSEAD']);
    expect((await as(me, `/api/v1/contacts/${ana.id}/events/${made.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses bad input in the error envelope and another contact’s event as not found', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const bo = await createContact(me, { first_name: 'Bo' });
    for (const body of [
      { kind: 'divorce', summary: 'x' },
      { kind: 'moved', summary: '' },
      { kind: 'moved', summary: 'Moved', happened_on: '2024-02-30' },
      { kind: 'moved', summary: 'Two\nlines' },
      { kind: 'moved', summary: 'Moved', extra: 1 },
    ]) {
      const res = await add(me, ana.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.code).toBe('invalid_request');
    }
    const made = (await json(await add(me, ana.id, { kind: 'moved', summary: 'Moved to Oslo' }))).data;
    expect((await as(me, `/api/v1/contacts/${bo.id}/events/${made.id}`)).status).toBe(404);
    expect((await as(me, `/api/v1/contacts/${bo.id}/events/${made.id}`, { method: 'PATCH', json: { summary: 'x' } })).status).toBe(404);
    expect((await add(me, 'nope', { kind: 'moved', summary: 'Moved' })).status).toBe(404);
  });

  it('goes with its contact when the contact is deleted', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const made = (await json(await add(me, ana.id, { kind: 'published', summary: 'Wrote a book' }))).data;
    expect((await as(me, `/api/v1/contacts/${ana.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await as(me, `/api/v1/contacts/${ana.id}/events/${made.id}`)).status).toBe(404);
  });
});
