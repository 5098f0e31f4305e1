import { describe, expect, it } from 'vitest';
import { birthdayView } from '../../worker/domain/circles/birthdays';
import { as, createContact, json, signUp, type Session } from '../support/client';

// #45: "a family or household view: the people linked by family ties, with birthdays and ages".
// The walk follows family links only, through contacts (a lightweight person has none of their
// own), up to three links out, and says how each one is related.

const link = async (me: Session, from: string, body: Record<string, unknown>) =>
  expect((await as(me, `/api/v1/contacts/${from}/relationships`, { method: 'POST', json: body })).status).toBe(201);
const familyOf = (me: Session, id: string) => as(me, `/api/v1/contacts/${id}/family`);

describe('the family view', () => {
  it('walks family ties out to three links, saying how each is related, with birthdays and ages', async () => {
    const me = await signUp();
    const [ana, bo, cy, dee, eve, fay, gil] = await Promise.all(
      ['Ana', 'Bo', 'Cy', 'Dee', 'Eve', 'Fay', 'Gil'].map((first_name) => createContact(me, { first_name })),
    );
    await link(me, ana.id, { kind: 'spouse', other_contact_id: bo.id });
    await link(me, bo.id, { kind: 'child', person: { name: 'Mia', note: '7 years old' } });
    await link(me, ana.id, { kind: 'child', other_contact_id: cy.id });
    await link(me, cy.id, { kind: 'spouse', other_contact_id: dee.id });
    await link(me, dee.id, { kind: 'parent', other_contact_id: eve.id }); // three links out
    await link(me, eve.id, { kind: 'sibling', other_contact_id: fay.id }); // four: not walked
    await link(me, ana.id, { kind: 'colleague', other_contact_id: gil.id }); // not family
    await as(me, `/api/v1/contacts/${cy.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 1, day: 1, year: 1990 } });

    const res = await familyOf(me, ana.id);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.contact).toEqual({ id: ana.id, name: 'Ana' });
    expect(data.truncated).toBe(false);
    expect(data.members.map((m: any) => [m.name, m.relation, m.distance, m.generation])).toEqual([
      ['Bo', 'spouse', 1, 0],
      ['Cy', 'child', 1, 1],
      ['Dee', 'spouse of Cy', 2, 1],
      ['Mia', 'child of Bo', 2, 1],
      ['Eve', 'parent of Dee', 3, 0],
    ]);
    const cyRow = data.members.find((m: any) => m.name === 'Cy');
    // 1 January has always come by today, so the age is this year's.
    expect(cyRow.birthday).toMatchObject({ month: 1, day: 1, year: 1990, age: new Date().getUTCFullYear() - 1990 });
    expect(data.members.find((m: any) => m.name === 'Mia')).toMatchObject({
      type: 'person',
      note: '7 years old',
      via: { id: bo.id, name: 'Bo' },
    });

    // From the other end, the same family: Ana is Eve's daughter's husband's mother… three links.
    const fromEve = (await json(await familyOf(me, eve.id))).data.members.map((m: any) => [m.name, m.relation]);
    expect(fromEve).toEqual([
      ['Fay', 'sibling'],
      ['Dee', 'child'],
      ['Cy', 'spouse of Dee'],
      ['Ana', 'parent of Cy'],
    ]);
  });

  it('answers 404 for another user’s contact, and a contact with no family has none', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana' });
    expect((await json(await familyOf(me, ana.id))).data.members).toEqual([]);
    const other = await signUp();
    const res = await familyOf(other, ana.id);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('not_found');
  });

  it('counts an age from the birthday itself, and 29 February on the 28th in other years', () => {
    expect(birthdayView({ contact_id: 'x', month: 12, day: 1, year: 1990 }, '2026-11-29')).toEqual({
      month: 12,
      day: 1,
      year: 1990,
      age: 35,
      next: '2026-12-01',
    });
    expect(birthdayView({ contact_id: 'x', month: 11, day: 29, year: 1990 }, '2026-11-29')).toMatchObject({ age: 36, next: '2026-11-29' });
    expect(birthdayView({ contact_id: 'x', month: 2, day: 29, year: 2000 }, '2026-11-29')).toMatchObject({ age: 26, next: '2027-02-28' });
    expect(birthdayView({ contact_id: 'x', month: 3, day: 4, year: null }, '2026-11-29')).toMatchObject({ age: null, next: '2027-03-04' });
  });
});
