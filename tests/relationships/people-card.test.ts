import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

const LOADER = encodeURIComponent('routes/_app.contacts.$id');
const pageData = async (me: Session, id: string) => json(await as(me, `/contacts/${id}?_data=${LOADER}`));
const submit = (me: Session, id: string, fields: Record<string, string>) =>
  as(me, `/contacts/${id}?_data=${LOADER}`, { method: 'POST', body: new URLSearchParams(fields) });

describe('the People card and "How we met" on the contact page (#45)', () => {
  it('links a contact and a person who is not a contact from the page, shows both sides grouped, and removes a link', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Berg' });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Berg' });
    expect((await pageData(me, ana.id)).people).toEqual([]);
    expect(await (await as(me, `/contacts/${ana.id}`)).text()).toContain('No family, colleagues or introductions linked yet.');

    expect((await submit(me, ana.id, { intent: 'add-relationship', kind: 'child', other_contact_id: bo.id, person_name: '' })).status).toBe(
      200,
    );
    const added = await submit(me, ana.id, { intent: 'add-relationship', kind: 'child', person_name: 'Mia', note: 'seven years old' });
    expect(added.status).toBe(200);

    const anaPeople = (await pageData(me, ana.id)).people;
    expect(anaPeople.map((p: any) => [p.other.name, p.other.type, p.description, p.group, p.note])).toEqual([
      ['Bo Berg', 'contact', 'child', 'family', null],
      ['Mia', 'person', 'child', 'family', 'seven years old'],
    ]);
    // The inverse, on Bo's page.
    expect((await pageData(me, bo.id)).people.map((p: any) => [p.other.name, p.description])).toEqual([['Ana Berg', 'parent']]);
    const html = await (await as(me, `/contacts/${ana.id}`)).text();
    expect(html).toContain('aria-label="Family"');
    expect(html).toContain(`href="/contacts/${bo.id}"`);
    expect(html).toContain('aria-label="Remove the link to Mia"');

    const linkToBo = anaPeople[0].id;
    expect((await submit(me, bo.id, { intent: 'delete-relationship', id: linkToBo })).status).toBe(200);
    expect((await pageData(me, ana.id)).people.map((p: any) => p.other.name)).toEqual(['Mia']);
    expect((await pageData(me, bo.id)).people).toEqual([]);
  });

  it('refuses a link without a person, a custom link without its label and the same link twice, in words, saving nothing', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const cy = await createContact(me, { first_name: 'Cy' });
    const nobody = await submit(me, ana.id, { intent: 'add-relationship', kind: 'friend', other_contact_id: '', person_name: '' });
    expect(nobody.status).toBe(400);
    expect((await json(nobody)).error.message).toMatch(/exactly one of/);
    const unlabelled = await submit(me, ana.id, { intent: 'add-relationship', kind: 'custom', other_contact_id: cy.id });
    expect(unlabelled.status).toBe(400);
    expect((await json(unlabelled)).error.message).toMatch(/label/);
    expect((await submit(me, ana.id, { intent: 'add-relationship', kind: 'introducer', other_contact_id: cy.id })).status).toBe(200);
    const twice = await submit(me, ana.id, { intent: 'add-relationship', kind: 'introducer', other_contact_id: cy.id });
    expect(twice.status).toBe(409);
    expect((await pageData(me, ana.id)).people.map((p: any) => [p.other.name, p.group])).toEqual([['Cy', 'how_we_met']]);
  });

  it('keeps "How we met" as a field of the contact, shown under the name, through the API and the page', async () => {
    const me = await signUp();
    const dee = await createContact(me, { first_name: 'Dee', how_we_met: 'Introduced by Cy at Web Summit 2024' });
    expect(dee.how_we_met).toBe('Introduced by Cy at Web Summit 2024');
    const html = await (await as(me, `/contacts/${dee.id}`)).text();
    expect(html).toContain('Met: Introduced by Cy at Web Summit 2024');

    const patch = JSON.stringify({ how_we_met: 'Web Summit 2024, through Cy' });
    expect((await submit(me, dee.id, { intent: 'update', patch })).status).toBe(200);
    expect((await json(await as(me, `/api/v1/contacts/${dee.id}`))).data.how_we_met).toBe('Web Summit 2024, through Cy');
    const tooLong = await as(me, `/api/v1/contacts/${dee.id}`, { method: 'PATCH', json: { how_we_met: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error.details.issues[0].path).toBe('how_we_met');
  });
});
