import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';

describe('GET /audit-log and the Activity log in Settings', () => {
  it('a bulk delete and a single delete appear newest first, in words, paginated, to their owner only', async () => {
    const me = await signUp();
    const other = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    const grace = await createContact(me, { first_name: 'Grace', last_name: 'Hopper' });
    const alan = await createContact(me, { first_name: 'Alan', last_name: 'Turing' });
    expect((await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: [ada.id, grace.id], action: 'delete' } })).status).toBe(
      200,
    );
    expect((await as(me, `/api/v1/contacts/${alan.id}`, { method: 'DELETE' })).status).toBeLessThan(300);

    const res = await as(me, '/api/v1/audit-log?page_size=1');
    expect(res.status).toBe(200);
    const first = await json(res);
    expect(first.meta).toEqual({ page: 1, page_size: 1, total: 2, total_pages: 2 });
    expect(first.data[0]).toMatchObject({ action: 'contact.delete', subject_id: alan.id, summary: 'Deleted contact Alan Turing' });
    const second = await json(await as(me, '/api/v1/audit-log?page=2&page_size=1'));
    expect(second.data[0].action).toBe('contacts.bulk_delete');
    expect(second.data[0].summary).toMatch(/^Deleted 2 contacts: (Ada Lovelace, Grace Hopper|Grace Hopper, Ada Lovelace)$/);
    expect(second.data[0].data.contacts).toHaveLength(2);

    expect((await json(await as(other, '/api/v1/audit-log'))).data).toEqual([]);

    const settings = await (await as(me, '/settings')).text();
    expect(settings).toContain('Activity log');
    expect(settings).toContain('Deleted contact Alan Turing');
    const page = await (await as(me, '/settings/audit?page=2')).text();
    expect(page).toContain('No activity on this page.');
  });

  it('the full page lists 25 a page with Older and Newer links', async () => {
    const me = await signUp();
    for (let i = 0; i < 27; i++) {
      const c = await createContact(me, { first_name: `Gone${i}` });
      await as(me, `/api/v1/contacts/${c.id}`, { method: 'DELETE' });
    }
    const first = await (await as(me, '/settings/audit')).text();
    expect(first.match(/data-testid="activity-entry"/g)).toHaveLength(25);
    expect(first).toContain('Deleted contact Gone26');
    expect(first).toContain('Older');
    const second = await (await as(me, '/settings/audit?page=2')).text();
    expect(second.match(/data-testid="activity-entry"/g)).toHaveLength(2);
    expect(second).toContain('Deleted contact Gone0');
    expect(second).toContain('Newer');
    expect(second).toContain('Page 2 of 2 · 27 entries');
  });
});
