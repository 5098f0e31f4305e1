import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

const links = async (me: Session, contactId: string, query = '') =>
  json(await as(me, `/api/v1/contacts/${contactId}/relationships${query}`));
const link = (me: Session, contactId: string, body: unknown) =>
  as(me, `/api/v1/contacts/${contactId}/relationships`, { method: 'POST', json: body });
const seen = async (me: Session, contactId: string) =>
  (await links(me, contactId)).data.map((r: any) => [r.other.name, r.kind, r.description, r.group]);
const peopleOf = async (me: Session) =>
  (
    await (await userD1(me)).prepare('SELECT name FROM people WHERE user_id = ? ORDER BY name').bind(me.user.id).all<{ name: string }>()
  ).results.map((p) => p.name);

describe('relationships between contacts', () => {
  it('keeps the inverse on the other side: both contacts see the same link, each from their side', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    const bo = await createContact(me, { first_name: 'Bo' });
    const cy = await createContact(me, { first_name: 'Cy' });
    const dee = await createContact(me, { first_name: 'Dee' });

    const made = await link(me, ana.id, { kind: 'child', other_contact_id: bo.id, note: 'Eldest', since: '1998-04-02' });
    expect(made.status).toBe(201);
    const child = (await json(made)).data;
    expect(child).toMatchObject({
      contact_id: ana.id,
      kind: 'child',
      description: 'child',
      group: 'family',
      note: 'Eldest',
      since: '1998-04-02',
    });
    expect(child.other).toEqual({ type: 'contact', id: bo.id, name: 'Bo', note: null });
    // Cy introduced me to Dee; Eve-less work ties both ways.
    expect((await link(me, dee.id, { kind: 'introducer', other_contact_id: cy.id })).status).toBe(201);
    expect((await link(me, bo.id, { kind: 'manager', other_contact_id: cy.id })).status).toBe(201);
    expect((await link(me, ana.id, { kind: 'spouse', other_contact_id: cy.id })).status).toBe(201);

    const boSide = (await links(me, bo.id)).data;
    expect(boSide.find((r: any) => r.other.id === ana.id)).toMatchObject({
      id: child.id,
      kind: 'parent',
      note: 'Eldest',
      since: '1998-04-02',
    });
    expect(await seen(me, bo.id)).toEqual([
      ['Ana', 'parent', 'parent', 'family'],
      ['Cy', 'manager', 'manager', 'work'],
    ]);
    expect(await seen(me, cy.id)).toEqual([
      ['Ana', 'spouse', 'spouse', 'family'],
      ['Bo', 'report', 'reports to them', 'work'],
      ['Dee', 'introduced', 'you met through them', 'how_we_met'],
    ]);
    expect(await seen(me, dee.id)).toEqual([['Cy', 'introducer', 'introduced you', 'how_we_met']]);
  });

  it('gives a custom link its label on one side and the inverse label (or the same) on the other', async () => {
    const me = await signUp();
    const gil = await createContact(me, { first_name: 'Gil' });
    const hal = await createContact(me, { first_name: 'Hal' });
    const ivy = await createContact(me, { first_name: 'Ivy' });
    await link(me, gil.id, { kind: 'custom', label: 'godfather', inverse_label: 'godchild', other_contact_id: hal.id });
    await link(me, gil.id, { kind: 'custom', label: 'bandmate', other_contact_id: ivy.id });
    expect(await seen(me, gil.id)).toEqual([
      ['Hal', 'custom', 'godfather', 'other'],
      ['Ivy', 'custom', 'bandmate', 'other'],
    ]);
    expect(await seen(me, hal.id)).toEqual([['Gil', 'custom', 'godchild', 'other']]);
    expect(await seen(me, ivy.id)).toEqual([['Gil', 'custom', 'bandmate', 'other']]);
  });

  it('changes both sides when either side edits the link, and deletes both from either side', async () => {
    const me = await signUp();
    const eve = await createContact(me, { first_name: 'Eve' });
    const fay = await createContact(me, { first_name: 'Fay' });
    const made = (await json(await link(me, eve.id, { kind: 'report', other_contact_id: fay.id }))).data;
    expect(await seen(me, fay.id)).toEqual([['Eve', 'manager', 'manager', 'work']]);

    // Fay edits from her side: Eve mentors her now.
    const edited = await as(me, `/api/v1/contacts/${fay.id}/relationships/${made.id}`, {
      method: 'PATCH',
      json: { kind: 'mentor', note: 'Weekly calls', since: '2023-09' },
    });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data).toMatchObject({ kind: 'mentor', note: 'Weekly calls', since: '2023-09', other: { id: eve.id } });
    expect((await links(me, eve.id)).data).toMatchObject([{ id: made.id, kind: 'mentee', note: 'Weekly calls', since: '2023-09' }]);

    expect((await as(me, `/api/v1/contacts/${fay.id}/relationships/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await links(me, eve.id)).data).toEqual([]);
    expect((await links(me, fay.id)).data).toEqual([]);
    expect((await as(me, `/api/v1/contacts/${eve.id}/relationships/${made.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("pages a long list by the other's name", async () => {
    const me = await signUp();
    const hub = await createContact(me, { first_name: 'Hub' });
    for (const name of ['Zed', 'amy', 'Mo']) {
      const other = await createContact(me, { first_name: name });
      await link(me, hub.id, { kind: 'friend', other_contact_id: other.id });
    }
    const first = await links(me, hub.id, '?page=1&page_size=2');
    expect(first.data.map((r: any) => r.other.name)).toEqual(['amy', 'Mo']);
    expect(first.meta).toEqual({ page: 1, page_size: 2, total: 3, total_pages: 2 });
    expect((await links(me, hub.id, '?page=2&page_size=2')).data.map((r: any) => r.other.name)).toEqual(['Zed']);
  });
});

describe('links to lightweight people', () => {
  it('links a contact to someone who is not a contact, shares that person, and forgets them with the last link', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const ana = await createContact(me, { first_name: 'Ana' });
    const made = await link(me, bo.id, { kind: 'child', person: { name: 'Mia', note: '7 years old' } });
    expect(made.status).toBe(201);
    const mia = (await json(made)).data;
    expect(mia).toMatchObject({ kind: 'child', description: 'child', other: { type: 'person', name: 'Mia', note: '7 years old' } });
    // Ana is Mia's mother too: the same person, not a second Mia.
    const second = (await json(await link(me, ana.id, { kind: 'child', person_id: mia.other.id }))).data;
    expect(second.other).toEqual(mia.other);
    expect(await peopleOf(me)).toEqual(['Mia']);

    expect((await as(me, `/api/v1/contacts/${bo.id}/relationships/${mia.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await peopleOf(me)).toEqual(['Mia']);
    expect((await as(me, `/api/v1/contacts/${ana.id}/relationships/${second.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await peopleOf(me)).toEqual([]);
  });
});

describe('refused links', () => {
  const issuesOf = async (res: Response) => {
    const body = await json(res);
    return { status: res.status, code: body.error.code, paths: (body.error.details?.issues ?? []).map((i: any) => i.path) };
  };

  it('says what is wrong, in the error envelope, and saves nothing', async () => {
    const me = await signUp();
    const a = await createContact(me, { first_name: 'Ann' });
    const b = await createContact(me, { first_name: 'Ben' });
    const bad = async (body: unknown) => issuesOf(await link(me, a.id, body));

    expect(await bad({ kind: 'custom', other_contact_id: b.id })).toEqual({ status: 400, code: 'invalid_request', paths: ['label'] });
    expect(await bad({ kind: 'friend', label: 'buddy', other_contact_id: b.id })).toEqual({
      status: 400,
      code: 'invalid_request',
      paths: ['label'],
    });
    expect(await bad({ kind: 'cousin', other_contact_id: b.id })).toMatchObject({ status: 400, paths: ['kind'] });
    expect(await bad({ kind: 'friend' })).toMatchObject({ status: 400, paths: ['other_contact_id'] });
    expect(await bad({ kind: 'friend', other_contact_id: b.id, person: { name: 'Mia' } })).toMatchObject({ status: 400 });
    expect(await bad({ kind: 'friend', person: { name: '  ' } })).toMatchObject({ status: 400, paths: ['person.name'] });
    expect(await bad({ kind: 'friend', other_contact_id: b.id, since: '2024-02-30' })).toMatchObject({ status: 400, paths: ['since'] });
    expect(await bad({ kind: 'friend', other_contact_id: b.id, since: 'last year' })).toMatchObject({ status: 400, paths: ['since'] });
    expect(await bad({ kind: 'friend', other_contact_id: b.id, colour: 'red' })).toMatchObject({ status: 400 });
    expect(await bad({ kind: 'friend', other_contact_id: a.id })).toMatchObject({ status: 422, code: 'not_processable' });
    expect(await bad({ kind: 'friend', other_contact_id: 'no-such-contact' })).toMatchObject({ status: 404, code: 'not_found' });
    expect(await bad({ kind: 'friend', person_id: 'no-such-person' })).toMatchObject({ status: 404, code: 'not_found' });
    expect((await links(me, a.id)).data).toEqual([]);

    expect((await link(me, a.id, { kind: 'friend', other_contact_id: b.id })).status).toBe(201);
    // The same link again, from either side, is a conflict.
    expect(await bad({ kind: 'friend', other_contact_id: b.id })).toMatchObject({ status: 409, code: 'conflict' });
    expect(await issuesOf(await link(me, b.id, { kind: 'friend', other_contact_id: a.id }))).toMatchObject({ status: 409 });
    const [only] = (await links(me, a.id)).data;
    const patch = await as(me, `/api/v1/contacts/${a.id}/relationships/${only.id}`, { method: 'PATCH', json: { kind: 'custom' } });
    expect(await issuesOf(patch)).toEqual({ status: 400, code: 'invalid_request', paths: ['label'] });
    expect((await links(me, b.id)).data).toMatchObject([{ kind: 'friend' }]);
    expect((await as(me, `/api/v1/contacts/no-such/relationships`)).status).toBe(404);
  });
});

describe('deleting and merging contacts', () => {
  it('removes the links of a deleted contact on both sides, and the people only it was linked to', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const ana = await createContact(me, { first_name: 'Ana' });
    await link(me, bo.id, { kind: 'spouse', other_contact_id: ana.id });
    const mia = (await json(await link(me, bo.id, { kind: 'child', person: { name: 'Mia' } }))).data;
    await link(me, ana.id, { kind: 'child', person_id: mia.other.id });
    await link(me, bo.id, { kind: 'friend', person: { name: 'Pal' } });

    expect((await as(me, `/api/v1/contacts/${bo.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await seen(me, ana.id)).toEqual([['Mia', 'child', 'child', 'family']]);
    expect(await peopleOf(me)).toEqual(['Mia']);
    const left = await (
      await userD1(me)
    )
      .prepare('SELECT count(*) AS n FROM relationships WHERE user_id = ?')
      .bind(me.user.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(1);
  });

  it('merges the links of merged contacts into the survivor without duplicates', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    const dup = await createContact(me, { first_name: 'Ada', last_name: 'L.' });
    const bab = await createContact(me, { first_name: 'Charles' });
    const mary = await createContact(me, { first_name: 'Mary' });
    await link(me, ada.id, { kind: 'colleague', other_contact_id: bab.id, note: 'Analytical engine' });
    await link(me, dup.id, { kind: 'colleague', other_contact_id: bab.id, note: 'the duplicate' });
    await link(me, dup.id, { kind: 'mentor', other_contact_id: mary.id });
    await link(me, dup.id, { kind: 'sibling', other_contact_id: ada.id });
    await link(me, ada.id, { kind: 'child', person: { name: 'Byron' } });
    await link(me, dup.id, { kind: 'child', person: { name: 'Annabella' } });

    expect((await as(me, `/api/v1/contacts/${ada.id}/merge`, { method: 'POST', json: { other_id: dup.id } })).status).toBe(200);
    expect(await seen(me, ada.id)).toEqual([
      ['Annabella', 'child', 'child', 'family'],
      ['Byron', 'child', 'child', 'family'],
      ['Charles', 'colleague', 'colleague', 'work'],
      ['Mary', 'mentor', 'mentor', 'work'],
    ]);
    expect((await links(me, ada.id)).data.find((r: any) => r.other.id === bab.id).note).toBe('Analytical engine');
    expect(await seen(me, bab.id)).toEqual([['Ada Lovelace', 'colleague', 'colleague', 'work']]);
    expect(await seen(me, mary.id)).toEqual([['Ada Lovelace', 'mentee', 'mentee', 'work']]);
    expect(await peopleOf(me)).toEqual(['Annabella', 'Byron']);
  });

  it("keeps a merged custom link whole: when only one of its sides duplicates the survivor's, it goes entirely", async () => {
    const me = await signUp();
    const s = await createContact(me, { first_name: 'Sam', last_name: 'One' });
    const o = await createContact(me, { first_name: 'Sam', last_name: 'Two' });
    const y = await createContact(me, { first_name: 'Yan' });
    await link(me, s.id, { kind: 'custom', label: 'godfather', inverse_label: 'godchild', other_contact_id: y.id });
    await link(me, o.id, { kind: 'custom', label: 'godfather', inverse_label: 'goddaughter', other_contact_id: y.id });
    await as(me, `/api/v1/contacts/${s.id}/merge`, { method: 'POST', json: { other_id: o.id } });
    expect(await seen(me, s.id)).toEqual([['Yan', 'custom', 'godfather', 'other']]);
    expect(await seen(me, y.id)).toEqual([['Sam One', 'custom', 'godchild', 'other']]);
  });
});
