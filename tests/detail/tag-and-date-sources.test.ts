import { describe, expect, it } from 'vitest';
import { dav, phoneOf } from '../dav/dav-support';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';
import { callTool, mcpClient, newToken } from '../support/mcp-client';
import { userD1 } from '../support/stores';

// Where each value came from, for tags and dates (#40 item 3, ADR 038): every way a tag or a
// date is written records its source with it, and the API and the page show it.

const LOADER = encodeURIComponent('routes/_app.contacts.$id');
const sourcesOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/sources`))).data as any[];
const sourceOf = async (me: Session, id: string, field: string, value: string | null = null) =>
  (await sourcesOf(me, id)).find((s) => s.field === field && s.value === value) ?? null;
const page = (me: Session, id: string, form: Record<string, string>) =>
  as(me, `/contacts/${id}?_data=${LOADER}`, { method: 'POST', body: new URLSearchParams(form) });
const later = () => new Promise((r) => setTimeout(r, 5));

async function importVcard(me: Session, contents: string) {
  const res = await upload(me, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  expect(res.status, await res.clone().text()).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id);
}

describe('sources of tags and dates', () => {
  it('typed through the API: a new tag or date is "typed", a tag kept keeps its source, a removed one has none', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada', tags: ['Friends'] });
    const friends = await sourceOf(me, c.id, 'tag', 'Friends');
    expect(friends).toEqual({ field: 'tag', value: 'Friends', source: 'typed', source_ref: null, recorded_at: expect.any(String) });

    await later();
    await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { tags: ['friends', 'Chess'] } });
    expect((await sourceOf(me, c.id, 'tag', 'friends'))!.recorded_at).toBe(friends.recorded_at);
    expect(await sourceOf(me, c.id, 'tag', 'Chess')).toMatchObject({ source: 'typed' });
    await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { tags: ['Chess'] } });
    expect((await sourcesOf(me, c.id)).filter((s) => s.field === 'tag').map((s) => s.value)).toEqual(['Chess']);

    const added = await as(me, `/api/v1/contacts/${c.id}/dates`, {
      method: 'POST',
      json: { kind: 'birthday', month: 12, day: 10, year: 1915 },
    });
    expect(added.status).toBe(201);
    expect(await sourceOf(me, c.id, 'date', '1915-12-10')).toMatchObject({ source: 'typed', source_ref: null });
  });

  it('on the contact page: tags and dates typed there are "typed", edited dates too, and the page lists them', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Grace' });
    expect((await page(me, c.id, { intent: 'update', patch: JSON.stringify({ tags: ['Navy'] }) })).status).toBe(200);
    expect((await page(me, c.id, { intent: 'add-date', kind: 'anniversary', month: '3', day: '4', year: '' })).status).toBe(200);
    const loaded = await json(await as(me, `/contacts/${c.id}?_data=${LOADER}`));
    expect(loaded.fieldSources).toContainEqual(expect.objectContaining({ field: 'tag', value: 'Navy', source: 'typed' }));
    expect(loaded.fieldSources).toContainEqual(expect.objectContaining({ field: 'date', value: '--03-04', source: 'typed' }));

    const date = loaded.dates[0];
    const edit = { intent: 'edit-date', id: date.id, kind: 'anniversary', month: '3', day: '5', year: '1930' };
    expect((await page(me, c.id, edit)).status).toBe(200);
    expect(await sourceOf(me, c.id, 'date', '1930-03-05')).toMatchObject({ source: 'typed' });

    const html = await (await as(me, `/contacts/${c.id}`)).text();
    expect(html).toContain('Where these values came from');
    expect(html).toMatch(/Anniversary<\/dt>.*5 Mar 1930.*Typed by you/s);
  });

  it('a bulk tagging is "typed" on the contacts it tags, and leaves the source of a contact that had the tag', async () => {
    const me = await signUp();
    const done = await importCsv(me, 'First Name,Email,Tags\nAlan,alan@example.org,vip\n');
    const [alan] = await allContacts(me);
    const bo = await createContact(me, { first_name: 'Bo' });
    const res = await as(me, '/api/v1/contacts/bulk', {
      method: 'POST',
      json: { ids: [alan.id, bo.id], action: 'add_tags', value: ['VIP'] },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await sourceOf(me, alan.id, 'tag', 'vip')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect(await sourceOf(me, bo.id, 'tag', 'VIP')).toMatchObject({ source: 'typed' });

    // Untagged in bulk, the tag's source goes with it: tagged again later, it is the new writer's.
    await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: [bo.id], action: 'remove_tags', value: ['vip'] } });
    const left = await (
      await userD1(me)
    ).prepare("SELECT count(*) AS n FROM contact_field_sources WHERE contact_id = ?1 AND field = 'tag'");
    expect(await left.bind(bo.id).first('n')).toBe(0);
  });

  it('a tag renamed on the tags page keeps each contact’s source; a deleted one leaves none', async () => {
    const me = await signUp();
    const done = await importCsv(me, 'First Name,Email,Tags\nAlan,alan@example.org,maths\n');
    const [alan] = await allContacts(me);
    expect((await as(me, '/api/v1/tags/maths', { method: 'PATCH', json: { name: 'Mathematics' } })).status).toBe(200);
    expect(await sourceOf(me, alan.id, 'tag', 'Mathematics')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect((await as(me, '/api/v1/tags/mathematics', { method: 'DELETE' })).status).toBe(200);
    const left = await (
      await userD1(me)
    ).prepare("SELECT count(*) AS n FROM contact_field_sources WHERE contact_id = ?1 AND field = 'tag'");
    expect(await left.bind(alan.id).first('n')).toBe(0);
  });

  it('a CSV import records its tags and birthday as the import’s, with its id', async () => {
    const me = await signUp();
    const done = await importCsv(me, 'First Name,Email,Tags,Birthday\nAlan,alan@example.org,Maths; Codes,1912-06-23\n');
    const [alan] = await allContacts(me);
    expect(await sourceOf(me, alan.id, 'tag', 'Maths')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect(await sourceOf(me, alan.id, 'tag', 'Codes')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect(await sourceOf(me, alan.id, 'date', '1912-06-23')).toMatchObject({ source: 'csv', source_ref: done.id });

    // A second import with the same birthday and tag adds nothing: their sources stay the first import's.
    await importCsv(me, 'Email,Tags,Birthday\nalan@example.org,Maths,1912-06-23\n');
    expect(await sourceOf(me, alan.id, 'date', '1912-06-23')).toMatchObject({ source_ref: done.id });
    expect(await sourceOf(me, alan.id, 'tag', 'Maths')).toMatchObject({ source_ref: done.id });
  });

  it('a vCard import records its CATEGORIES and dates as "vcard"', async () => {
    const me = await signUp();
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ada Lovelace',
      'N:Lovelace;Ada;;;',
      'CATEGORIES:Maths,Poetry',
      'BDAY:1915-12-10',
      'END:VCARD',
      '',
    ];
    const done = await importVcard(me, card.join('\r\n'));
    expect(done.status).toBe('done');
    const [ada] = await allContacts(me);
    expect(await sourceOf(me, ada.id, 'tag', 'Poetry')).toMatchObject({ source: 'vcard', source_ref: done.id });
    expect(await sourceOf(me, ada.id, 'date', '1915-12-10')).toMatchObject({ source: 'vcard', source_ref: done.id });
  });

  it('a phone’s card (CardDAV): its CATEGORIES and BDAY are the phone’s, named by the phone', async () => {
    const phone = await phoneOf(undefined, 'Ada’s iPhone');
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'UID:tags-1',
      'FN:Ada Lovelace',
      'N:Lovelace;Ada;;;',
      'CATEGORIES:Maths',
      'BDAY:1915-12-10',
    ];
    const put = await dav(phone, 'PUT', `${phone.book}tags-1.vcf`, [...card, 'END:VCARD', ''].join('\r\n'), {
      'content-type': 'text/vcard',
      'if-none-match': '*',
    });
    expect(put.status).toBe(201);
    const [ada] = await allContacts(phone.session);
    expect(await sourceOf(phone.session, ada.id, 'tag', 'Maths')).toMatchObject({ source: 'carddav', source_ref: 'Ada’s iPhone' });
    expect(await sourceOf(phone.session, ada.id, 'date', '1915-12-10')).toMatchObject({ source: 'carddav', source_ref: 'Ada’s iPhone' });
  });

  it('an agent’s write through MCP is the agent’s, named by its token: "Claude Desktop (agent)"', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada', tags: ['Friends'] });
    const { token } = await newToken(me, { name: 'Claude Desktop' });
    const client = await mcpClient(token);
    await callTool(client, 'update_contact', { contact_id: c.id, title: 'Countess', tags: ['Friends', 'Maths'] });
    const made = await callTool(client, 'create_contact', { first_name: 'Bo', tags: ['Chess'] });
    await client.close();
    expect(await sourceOf(me, c.id, 'title')).toMatchObject({ source: 'agent', source_ref: 'Claude Desktop' });
    expect(await sourceOf(me, c.id, 'tag', 'Maths')).toMatchObject({ source: 'agent', source_ref: 'Claude Desktop' });
    expect(await sourceOf(me, c.id, 'tag', 'Friends')).toMatchObject({ source: 'typed' });
    expect(await sourceOf(me, made.id, 'first_name')).toMatchObject({ source: 'agent', source_ref: 'Claude Desktop' });
    expect(await (await as(me, `/contacts/${c.id}`)).text()).toMatch(/Title<\/dt>.*?Claude Desktop \(agent\) on /s);
  });

  it('a merge keeps each tag’s and date’s source; notes and how-we-met it joins are the merge’s', async () => {
    const me = await signUp();
    const done = await importCsv(me, 'First Name,Email,Tags,Birthday,Notes\nKatherine,kj@example.org,NASA,1918-08-26,From the CSV\n');
    const [fromCsv] = await allContacts(me);
    const typed = await createContact(me, { first_name: 'Katherine', tags: ['Maths'], notes: 'Typed note', how_we_met: 'At Langley' });
    await as(me, `/api/v1/contacts/${fromCsv.id}`, { method: 'PATCH', json: { how_we_met: 'A book' } });
    const merged = await as(me, `/api/v1/contacts/${typed.id}/merge`, { method: 'POST', json: { other_id: fromCsv.id } });
    expect(merged.status, await merged.clone().text()).toBe(200);
    expect(await sourceOf(me, typed.id, 'tag', 'NASA')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect(await sourceOf(me, typed.id, 'tag', 'Maths')).toMatchObject({ source: 'typed' });
    expect(await sourceOf(me, typed.id, 'date', '1918-08-26')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect(await sourceOf(me, typed.id, 'notes')).toMatchObject({ source: 'merge' });
    expect(await sourceOf(me, typed.id, 'how_we_met')).toMatchObject({ source: 'merge' });
    expect(await (await as(me, `/contacts/${typed.id}`)).text()).toMatch(/Notes<\/dt>.*?Joined by a merge on /s);

    const [merge] = (await json(await as(me, `/api/v1/contacts/${typed.id}/merges`))).data;
    expect((await as(me, `/api/v1/merges/${merge.id}/unmerge`, { method: 'POST' })).status).toBe(200);
    expect(await sourceOf(me, typed.id, 'notes')).toMatchObject({ source: 'typed' });
    expect(await sourceOf(me, fromCsv.id, 'tag', 'NASA')).toMatchObject({ source: 'csv' });
    expect(await sourceOf(me, fromCsv.id, 'date', '1918-08-26')).toMatchObject({ source: 'csv' });
    // This user's rows only: the test files share a database, and other merges run beside this one.
    const left = await (
      await userD1(me)
    )
      .prepare("SELECT count(*) AS n FROM contact_field_sources WHERE user_id = ?1 AND source = 'merge'")
      .bind(me.user.id);
    expect(await left.first('n')).toBe(0);
  });

  it('a full backup carries the sources of tags and dates into a fresh account', async () => {
    const me = await signUp();
    const done = await importCsv(me, 'First Name,Email,Tags,Birthday\nAlan,alan@example.org,Maths,1912-06-23\n');
    const backup = await as(me, '/api/v1/backup');
    expect(backup.status).toBe(200);
    const fresh = await signUp();
    const res = await upload(fresh, '/api/v1/imports/backup', await backup.text(), {}, 'kith-backup.jsonl');
    expect(res.status, await res.clone().text()).toBe(202);
    expect((await waitForImport(fresh, (await json(res)).data.import_id, 60_000)).status).toBe('done');
    const [alan] = await allContacts(fresh);
    expect(await sourceOf(fresh, alan.id, 'tag', 'Maths')).toMatchObject({ source: 'csv', source_ref: done.id });
    expect(await sourceOf(fresh, alan.id, 'date', '1912-06-23')).toMatchObject({ source: 'csv', source_ref: done.id });
  });

  it('notes an import adds a "kept elsewhere" line to are the import’s', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', emails: ['ada@example.org'], notes: 'Met at the salon' });
    await createContact(me, { first_name: 'Augusta', twitter_handle: 'augusta' });
    const done = await importCsv(me, 'First Name,Email,Twitter\nAda,ada@example.org,@augusta\n');
    expect(done.status).toBe('done');
    const notes = (await json(await as(me, `/api/v1/contacts/${ada.id}`))).data.notes;
    expect(notes).toContain('Met at the salon');
    expect(notes).toContain('augusta');
    expect(await sourceOf(me, ada.id, 'notes')).toMatchObject({ source: 'csv', source_ref: done.id });
  });
});
