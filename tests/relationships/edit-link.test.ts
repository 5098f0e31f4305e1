import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

// #45: a link is edited on the People card (what they are to this contact, the note), and the
// other side follows; a contact with more than a page of links shows the rest through "More".

const LOADER = encodeURIComponent('routes/_app.contacts.$id');
const pageData = async (me: Session, id: string) => json(await as(me, `/contacts/${id}?_data=${LOADER}`));
const submit = (me: Session, id: string, fields: Record<string, string>) =>
  as(me, `/contacts/${id}?_data=${LOADER}`, { method: 'POST', body: new URLSearchParams(fields) });

describe('editing a link on the People card', () => {
  it('changes the kind and the note from either side; a custom kind needs its label, said in words', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const bo = await createContact(me, { first_name: 'Bo' });
    await submit(me, ana.id, { intent: 'add-relationship', kind: 'friend', other_contact_id: bo.id, note: 'school' });
    const [link] = (await pageData(me, ana.id)).people;
    expect(link).toMatchObject({ kind: 'friend', note: 'school' });

    expect((await submit(me, ana.id, { intent: 'edit-relationship', id: link.id, kind: 'child', label: '', note: 'eldest' })).status).toBe(
      200,
    );
    expect((await pageData(me, ana.id)).people.map((p: any) => [p.other.name, p.description, p.note])).toEqual([['Bo', 'child', 'eldest']]);
    expect((await pageData(me, bo.id)).people.map((p: any) => [p.other.name, p.description, p.note])).toEqual([
      ['Ana', 'parent', 'eldest'],
    ]);

    const unlabelled = await submit(me, bo.id, { intent: 'edit-relationship', id: link.id, kind: 'custom', label: '', note: '' });
    expect(unlabelled.status).toBe(400);
    expect((await json(unlabelled)).error.message).toMatch(/label/);
    expect(
      (await submit(me, bo.id, { intent: 'edit-relationship', id: link.id, kind: 'custom', label: 'godmother', note: '' })).status,
    ).toBe(200);
    expect((await pageData(me, bo.id)).people.map((p: any) => [p.description, p.note])).toEqual([['godmother', null]]);
  });

  it('brings 50 links with the page; the API pages the rest', async () => {
    const me = await signUp();
    const hub = await createContact(me, { first_name: 'Hub' });
    for (let i = 0; i < 52; i++)
      expect(
        (
          await as(me, `/api/v1/contacts/${hub.id}/relationships`, {
            method: 'POST',
            json: { kind: 'friend', person: { name: `Friend ${String(i).padStart(2, '0')}` } },
          })
        ).status,
      ).toBe(201);
    const first = (await pageData(me, hub.id)).people;
    expect(first).toHaveLength(50);
    const more = await json(await as(me, `/api/v1/contacts/${hub.id}/relationships?page=2&page_size=50`));
    expect(more.data.map((p: any) => p.other.name)).toEqual(['Friend 50', 'Friend 51']);
    expect(more.meta).toMatchObject({ total: 52, total_pages: 2 });
    expect(await (await as(me, `/contacts/${hub.id}`)).text()).toContain('More people');
  });
});
