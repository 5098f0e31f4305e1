import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';

// Deleting an organization from Kith itself (DELETE /organizations/{id}, the organization page's
// "Delete organization") does what a phone deleting its company card does
// (tests/dav/company-cards.test.ts): one domain function, deleteOrganization.

describe('DELETE /organizations/{id}', () => {
  it('deletes the organization; its people keep their contact but the company, and the activity log says so', async () => {
    const me = await signUp();
    const joseph = await createContact(me, {
      first_name: 'Joseph',
      last_name: 'Clement',
      title: 'Foreman',
      company: 'Babbage & Sons',
      tags: ['engines'],
    });
    const ada = await createContact(me, { first_name: 'Ada', company: 'Babbage & Sons' });
    const other = await createContact(me, { first_name: 'Charles', company: 'Difference Ltd' });
    const org = joseph.company as { id: string };
    await as(me, `/api/v1/organizations/${org.id}`, { method: 'PATCH', json: { website: 'https://babbage.example', notes: 'Workshop' } });
    const { meta } = await json(await as(me, '/api/v1/changes'));

    const res = await as(me, `/api/v1/organizations/${org.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);

    expect((await as(me, `/api/v1/organizations/${org.id}`)).status).toBe(404);
    expect((await json(await as(me, `/api/v1/contacts/${joseph.id}`))).data).toMatchObject({
      id: joseph.id,
      title: 'Foreman',
      tags: ['engines'],
      company: null,
    });
    expect((await json(await as(me, `/api/v1/contacts/${other.id}`))).data.company).toMatchObject({ name: 'Difference Ltd' });
    // Search no longer finds them by the company, nor by its website's host.
    expect((await json(await as(me, '/api/v1/contacts?q=babbage'))).data).toEqual([]);
    // Phones and the browser's index hear of both people through the change log.
    const changed = (await json(await as(me, `/api/v1/changes?since=${meta.cursor}`))).data as { contact_id: string }[];
    expect(changed.map((c) => c.contact_id)).toEqual(expect.arrayContaining([joseph.id, ada.id]));

    const audit = (await json(await as(me, '/api/v1/audit-log'))).data as { action: string; summary: string; data: unknown }[];
    expect(audit.find((e) => e.action === 'organization.delete')).toMatchObject({
      summary: 'Deleted organization Babbage & Sons',
      data: { via: 'kith', organization: { name: 'Babbage & Sons', notes: 'Workshop' }, people: [joseph.id, ada.id].sort() },
    });
  });

  it('answers 404 in the error envelope for an organization that is gone or another user’s, and deletes nothing', async () => {
    const me = await signUp();
    const mallory = await signUp();
    const c = await createContact(me, { first_name: 'Ada', company: 'Analytical Engines' });
    const org = c.company as { id: string };

    const theirs = await as(mallory, `/api/v1/organizations/${org.id}`, { method: 'DELETE' });
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).error).toMatchObject({ code: 'not_found', message: 'Organization not found' });
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data.company).toMatchObject({ id: org.id });

    expect((await as(me, `/api/v1/organizations/${org.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(me, `/api/v1/organizations/${org.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
