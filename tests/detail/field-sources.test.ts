import { describe, expect, it } from 'vitest';
import { requestsTo, steer, uniqueKey } from '../ai/fakes-control';
import { dav, phoneOf } from '../dav/dav-support';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv } from '../support/imports';
import { userD1 } from '../support/stores';

// Where each value came from (#40 item 3, ADR 032): every way a value is written records its
// source with the value, the API and the page show it, and a merge keeps the chosen value's.

const LOADER = encodeURIComponent('routes/_app.contacts.$id');
const read = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}`))).data;
const sourcesOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/sources`))).data as any[];
const sourceOf = async (me: Session, id: string, field: string, value: string | null = null) =>
  (await sourcesOf(me, id)).find((s) => s.field === field && s.value === value) ?? null;
const today = () => new Date().toISOString().slice(0, 10);

describe('where each value came from', () => {
  it('a value typed through the API is "typed"; saving it again unchanged keeps its source, a new value gets a new one', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada', title: 'Analyst', emails: ['ada@example.org'] });
    const sources = await sourcesOf(me, c.id);
    expect(sources).toEqual([
      { field: 'first_name', value: null, source: 'typed', source_ref: null, recorded_at: expect.any(String) },
      { field: 'title', value: null, source: 'typed', source_ref: null, recorded_at: expect.any(String) },
      { field: 'email', value: 'ada@example.org', source: 'typed', source_ref: null, recorded_at: expect.any(String) },
    ]);
    const titleAt = sources[1].recorded_at;

    await new Promise((r) => setTimeout(r, 5));
    const patched = await as(me, `/api/v1/contacts/${c.id}`, {
      method: 'PATCH',
      json: { first_name: 'Ada', title: 'Analyst', emails: ['ada@example.org', 'countess@example.org'], location: 'London' },
    });
    expect(patched.status).toBe(200);
    expect((await sourceOf(me, c.id, 'title'))!.recorded_at).toBe(titleAt);
    expect(await sourceOf(me, c.id, 'email', 'countess@example.org')).toMatchObject({ source: 'typed' });
    expect(await sourceOf(me, c.id, 'location')).toMatchObject({ source: 'typed' });

    // A cleared value has no source left.
    await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { title: null, emails: ['countess@example.org'] } });
    const after = (await sourcesOf(me, c.id)).map((s) => [s.field, s.value]);
    expect(after).toEqual([
      ['first_name', null],
      ['location', null],
      ['email', 'countess@example.org'],
    ]);
  });

  it('an edit on the contact page is "typed", and the page shows the sources', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Grace' });
    const saved = await as(me, `/contacts/${c.id}?_data=${LOADER}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'update', patch: JSON.stringify({ title: 'Rear Admiral' }) }),
    });
    expect(saved.status).toBe(200);
    const page = await json(await as(me, `/contacts/${c.id}?_data=${LOADER}`));
    expect(page.fieldSources).toContainEqual(expect.objectContaining({ field: 'title', source: 'typed' }));
  });

  it('a CSV import records its import and date; a later import does not take over values it did not write', async () => {
    const me = await signUp();
    const done = await importCsv(me, 'First Name,Last Name,Email,Title\nAlan,Turing,alan@example.org,Mathematician\n');
    const [alan] = await allContacts(me);
    const title = await sourceOf(me, alan.id, 'title');
    expect(title).toEqual({ field: 'title', value: null, source: 'csv', source_ref: done.id, recorded_at: expect.any(String) });
    expect(title.recorded_at.slice(0, 10)).toBe(today());
    expect(await sourceOf(me, alan.id, 'email', 'alan@example.org')).toMatchObject({ source: 'csv', source_ref: done.id });

    // Typed afterwards, then imported again: the typed title stays typed, the new phone is the second import's.
    await as(me, `/api/v1/contacts/${alan.id}`, { method: 'PATCH', json: { title: 'Codebreaker' } });
    const again = await importCsv(me, 'Email,Title,Phone\nalan@example.org,Professor,+44 20 7946 0001\n');
    expect(await sourceOf(me, alan.id, 'title')).toMatchObject({ source: 'typed' });
    const phone = (await read(me, alan.id)).phones[0];
    expect(await sourceOf(me, alan.id, 'phone', phone)).toMatchObject({ source: 'csv', source_ref: again.id });
  });

  it('enrichment through the provider records "enrichment" for the values it filled, and leaves the typed ones', async () => {
    const me = await signUp();
    const email = `${uniqueKey('src')}@example.com`;
    await steer('apollo', {
      when: email,
      json: {
        first_name: 'Grace',
        last_name: 'Hopper',
        title: 'Rear Admiral',
        email,
        personal_emails: [],
        city: 'Arlington',
        phone_numbers: [],
      },
    });
    const c = await createContact(me, { first_name: 'Grace', emails: [email] });
    const res = await as(me, `/api/v1/contacts/${c.id}/enrich`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await requestsTo('apollo', email)).length).toBeGreaterThan(0);
    expect(await sourceOf(me, c.id, 'title')).toMatchObject({ source: 'enrichment', source_ref: 'Apollo' });
    expect(await sourceOf(me, c.id, 'first_name')).toMatchObject({ source: 'typed' });
  });

  it('the AI wand records "wand" for what it applied', async () => {
    const me = await signUp();
    const token = uniqueKey('wand');
    await steer('openai', {
      when: token,
      json: {
        first_name: null,
        last_name: null,
        title: 'CEO',
        company: 'Bobby Inc',
        company_website: null,
        company_industry: null,
        company_location: null,
      },
    });
    const c = await createContact(me, { first_name: 'Bobby', bios: { twitter: `CEO of Bobby Inc ${token}` } });
    const res = await as(me, `/api/v1/contacts/${c.id}/extract-bio`, { method: 'POST', json: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await sourceOf(me, c.id, 'title')).toMatchObject({ source: 'wand' });
    expect(await sourceOf(me, c.id, 'company')).toMatchObject({ source: 'wand' });
    expect(await sourceOf(me, c.id, 'bio_twitter')).toMatchObject({ source: 'typed' });
  });

  it('a card written by a phone (CardDAV PUT) records the phone by its name', async () => {
    const phone = await phoneOf(undefined, 'Ada’s iPhone');
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'UID:src-1',
      'FN:Ada Lovelace',
      'N:Lovelace;Ada;;;',
      'TITLE:Countess',
      'EMAIL:ada@phone.example',
      'END:VCARD',
      '',
    ].join('\r\n');
    const put = await dav(phone, 'PUT', `${phone.book}src-1.vcf`, card, { 'content-type': 'text/vcard', 'if-none-match': '*' });
    expect(put.status).toBe(201);
    const [ada] = await allContacts(phone.session);
    expect(await sourceOf(phone.session, ada.id, 'title')).toMatchObject({ source: 'carddav', source_ref: 'Ada’s iPhone' });
    expect(await sourceOf(phone.session, ada.id, 'email', 'ada@phone.example')).toMatchObject({ source: 'carddav' });
  });

  it('a merge keeps the chosen value’s source, and Unmerge gives each contact its own back', async () => {
    const me = await signUp();
    await importCsv(me, 'First Name,Email,Title\nKatherine,kj@example.org,Mathematician\n');
    const [fromCsv] = await allContacts(me);
    const typed = await createContact(me, { first_name: 'Katherine', last_name: 'Johnson', title: 'Research mathematician' });

    const merged = await as(me, `/api/v1/contacts/${typed.id}/merge`, {
      method: 'POST',
      json: { other_id: fromCsv.id, choices: { title: 'other' } },
    });
    expect(merged.status, await merged.clone().text()).toBe(200);
    expect(await sourceOf(me, typed.id, 'title')).toMatchObject({ source: 'csv' });
    expect(await sourceOf(me, typed.id, 'last_name')).toMatchObject({ source: 'typed' });
    expect(await sourceOf(me, typed.id, 'email', 'kj@example.org')).toMatchObject({ source: 'csv' });

    const [merge] = (await json(await as(me, `/api/v1/contacts/${typed.id}/merges`))).data;
    expect((await as(me, `/api/v1/merges/${merge.id}/unmerge`, { method: 'POST' })).status).toBe(200);
    expect(await sourceOf(me, typed.id, 'title')).toMatchObject({ source: 'typed' });
    expect(await sourceOf(me, fromCsv.id, 'title')).toMatchObject({ source: 'csv' });
  });

  it('a contact written before sources were kept shows none, and saving it unchanged invents none', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Hedy', title: 'Inventor', emails: ['hedy@example.org'] });
    await (await userD1(me)).prepare('DELETE FROM contact_field_sources WHERE contact_id = ?1').bind(c.id).run();
    expect(await sourcesOf(me, c.id)).toEqual([]);
    await as(me, `/api/v1/contacts/${c.id}`, {
      method: 'PATCH',
      json: { first_name: 'Hedy', title: 'Inventor', emails: ['hedy@example.org'] },
    });
    expect(await sourcesOf(me, c.id)).toEqual([]);
  });

  it('the API: GET /contacts/{id}/sources in the OpenAPI document, 404 for a contact that is not yours', async () => {
    const me = await signUp();
    const other = await signUp();
    const c = await createContact(me, { first_name: 'Mary' });
    expect((await as(other, `/api/v1/contacts/${c.id}/sources`)).status).toBe(404);
    expect((await as(me, '/api/v1/contacts/nope/sources')).status).toBe(404);
    const doc = await json(await call('/api/v1/openapi.json'));
    const op = doc.paths['/api/v1/contacts/{id}/sources'].get;
    expect(op.responses['200']).toBeDefined();
    expect(Object.keys(doc.components.schemas.FieldSource.properties)).toEqual(['field', 'value', 'source', 'source_ref', 'recorded_at']);
  });
});
