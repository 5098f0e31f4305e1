import { describe, expect, it } from 'vitest';
import { queryParams, readListState, smartListFiltersOf, type ListState } from '../../app/contacts/list/list-state';
import { as, createContact, json, signUp, type Session } from '../support/client';

const link = (me: Session, contactId: string, body: unknown) =>
  as(me, `/api/v1/contacts/${contactId}/relationships`, { method: 'POST', json: body });
const names = async (me: Session, query: string) =>
  ((await json(await as(me, `/api/v1/contacts?${query}`))).data as { full_name: string }[]).map((c) => c.full_name).sort();

describe('the "related to" filter (#45)', () => {
  it('lists the people linked to a contact, from either side, alone or with a search', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Berg' });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Berg' });
    const cy = await createContact(me, { first_name: 'Cy', last_name: 'Lund', company: 'Acme' });
    await createContact(me, { first_name: 'Dee', last_name: 'Berg' });
    expect((await link(me, ana.id, { kind: 'spouse', other_contact_id: bo.id })).status).toBe(201);
    expect((await link(me, cy.id, { kind: 'colleague', other_contact_id: ana.id })).status).toBe(201);
    expect((await link(me, ana.id, { kind: 'child', person: { name: 'Mia' } })).status).toBe(201);

    expect(await names(me, `related_to=${ana.id}`)).toEqual(['Bo Berg', 'Cy Lund']);
    expect(await names(me, `related_to=${bo.id}`)).toEqual(['Ana Berg']);
    expect(await names(me, `related_to=${ana.id}&q=berg`)).toEqual(['Bo Berg']);
    expect(await names(me, `related_to=${ana.id}&sort=name&page_size=1`)).toEqual(['Bo Berg']);
    expect((await json(await as(me, `/api/v1/contacts/ids?related_to=${ana.id}`))).data.total).toBe(2);

    const bad = await as(me, `/api/v1/contacts?related_to=${'x'.repeat(65)}`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('invalid_request');

    // Another user naming Ana's id sees none of her people.
    const other = await signUp();
    expect(await names(other, `related_to=${ana.id}`)).toEqual([]);
  });

  it('is reached from the People card, and the list says whose people it shows', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Berg' });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Berg' });
    await createContact(me, { first_name: 'Dee', last_name: 'Unlinked' });
    await link(me, ana.id, { kind: 'spouse', other_contact_id: bo.id });

    expect(await (await as(me, `/contacts/${ana.id}`)).text()).toContain(`href="/contacts?related_to=${ana.id}"`);
    const list = await (await as(me, `/contacts?related_to=${ana.id}`)).text();
    expect(list).toContain('Related to <!-- -->Ana Berg');
    expect(list).toContain('Bo Berg');
    expect(list).not.toContain('Dee Unlinked');
  });
});

describe('a smart list remembers every filter of the list (#43, #45)', () => {
  // Every filter the page has, each away from its default: a filter added to the page without
  // a place in the smart list makes the first assertion fail until this test (and the list) know it.
  const everything = new URLSearchParams(
    'q=lund&place=Berlin&bbox=13.1,52.3,13.7,52.7&tag=family&source=csv&priority=high&score_min=1&score_max=9&due=week&related_to=c_ana&sort=name',
  );

  it('keeps the place, the map box, the Due filter and the related person, and marks the list on screen as saved', async () => {
    const state = readListState(everything);
    const defaults = readListState(new URLSearchParams());
    const filterKeys = (Object.keys(state) as (keyof ListState)[]).filter((k) => k !== 'page' && k !== 'pageSize' && k !== 'defaultSort');
    expect(filterKeys.filter((k) => JSON.stringify(state[k]) === JSON.stringify(defaults[k]))).toEqual([]);

    const me = await signUp();
    const res = await as(me, '/api/v1/smart-lists', { method: 'POST', json: { name: 'Everything', filters: smartListFiltersOf(state) } });
    expect(res.status).toBe(201);
    const saved = (await json(res)).data;
    expect(saved.search).toBe(queryParams(state).toString());
    expect(readListState(new URLSearchParams(saved.search))).toEqual(state);
    expect(saved.filters).toMatchObject({ place: 'Berlin', bbox: '13.1,52.3,13.7,52.7', due: 'week', related_to: 'c_ana' });

    const refused = await as(me, '/api/v1/smart-lists', {
      method: 'POST',
      json: { name: 'Broken', filters: { bbox: 'somewhere', due: 'tomorrow' } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify((await json(refused)).error.details)).toMatch(/bbox[\s\S]*due|due[\s\S]*bbox/);
  });
});
