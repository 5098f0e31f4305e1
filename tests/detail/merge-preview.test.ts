import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

const preview = async (me: Session, id: string, otherId: string) => as(me, `/api/v1/contacts/${id}/merge-preview?other_id=${otherId}`);
const merge = (me: Session, id: string, body: Record<string, unknown>) =>
  as(me, `/api/v1/contacts/${id}/merge`, { method: 'POST', json: body });

describe('merge, previewed and chosen field by field', () => {
  it('shows what the merged contact will hold, and which fields conflict', async () => {
    const me = await signUp();
    const sara = await createContact(me, {
      first_name: 'Sara',
      last_name: 'Lindqvist',
      title: 'CTO',
      company: 'Fjord',
      emails: ['sara@fjord.se'],
      tags: ['friend'],
    });
    const sarah = await createContact(me, {
      first_name: 'Sarah',
      last_name: 'Lindqvist',
      title: 'Founder',
      location: 'Stockholm',
      emails: ['sarah@gmail.com'],
      phones: ['+46 8 123 456'],
      tags: ['Investor', 'FRIEND'],
      notes: 'Met at Slush',
    });
    const res = await preview(me, sara.id, sarah.id);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    const field = (name: string) => data.fields.find((f: { field: string }) => f.field === name);
    expect(field('title')).toEqual({ field: 'title', label: 'Title', this: 'CTO', other: 'Founder', conflict: true, merged: 'CTO' });
    expect(field('name')).toMatchObject({ this: 'Sara Lindqvist', other: 'Sarah Lindqvist', conflict: true, merged: 'Sara Lindqvist' });
    expect(field('location')).toMatchObject({ this: null, other: 'Stockholm', conflict: false, merged: 'Stockholm' });
    expect(field('company')).toMatchObject({ this: 'Fjord', other: null, conflict: false, merged: 'Fjord' });
    expect(data.emails).toEqual(['sara@fjord.se', 'sarah@gmail.com']);
    expect(data.phones).toEqual(['+46 8 123 456']);
    expect(data.tags.map((t: string) => t.toLowerCase()).sort()).toEqual(['friend', 'investor']);
    expect(data.notes).toBe('Met at Slush');
    // Nothing changed yet.
    expect((await as(me, `/api/v1/contacts/${sarah.id}`)).status).toBe(200);
  });

  it('merges with the values the user picked, losing nothing else', async () => {
    const me = await signUp();
    const a = await createContact(me, {
      first_name: 'Jon',
      last_name: 'Reyes',
      title: 'Engineer',
      company: 'Acme',
      priority: 'low',
      emails: ['jon@acme.io'],
    });
    const b = await createContact(me, {
      first_name: 'Jonathan',
      last_name: 'Reyes',
      title: 'VP Engineering',
      company: 'Orbit',
      priority: 'high',
      emails: ['jonathan@orbit.io'],
    });
    const res = await merge(me, a.id, { other_id: b.id, choices: { name: 'other', title: 'other', company: 'other', priority: 'this' } });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      id: a.id,
      full_name: 'Jonathan Reyes',
      title: 'VP Engineering',
      company: { name: 'Orbit' },
      priority: 'low',
      emails: ['jon@acme.io', 'jonathan@orbit.io'],
    });
    // The name chosen is the one the list sorts and searches by.
    const found = await json(await as(me, '/api/v1/contacts?q=jonathan'));
    expect(found.data.map((c: { id: string }) => c.id)).toEqual([a.id]);
  });

  it('offers to delete the organization a merge leaves empty, and deletes it only when asked', async () => {
    const me = await signUp();
    const keep = await createContact(me, { first_name: 'Kim', last_name: 'Park', company: 'Northwind' });
    const gone = await createContact(me, { first_name: 'Kimberly', last_name: 'Park', company: 'Solo Ventures' });
    const shown = (await json(await preview(me, keep.id, gone.id))).data;
    expect(shown.organizations).toEqual([
      { id: keep.company.id, name: 'Northwind', of: 'this', contacts: 1 },
      { id: gone.company.id, name: 'Solo Ventures', of: 'other', contacts: 1 },
    ]);
    expect((await merge(me, keep.id, { other_id: gone.id, delete_emptied_organizations: true })).status).toBe(200);
    expect((await as(me, `/api/v1/organizations/${gone.company.id}`)).status).toBe(404);
    expect((await as(me, `/api/v1/organizations/${keep.company.id}`)).status).toBe(200);
    const audit = (await json(await as(me, '/api/v1/audit-log'))).data;
    expect(audit.find((e: { action: string }) => e.action === 'organization.delete')).toMatchObject({ subject_id: gone.company.id });

    const kept = await createContact(me, { first_name: 'Lee', company: 'Left Alone Ltd' });
    const into = await createContact(me, { first_name: 'Lee', last_name: 'Chan', company: 'Bigco' });
    expect((await merge(me, into.id, { other_id: kept.id })).status).toBe(200);
    expect((await as(me, `/api/v1/organizations/${kept.company.id}`)).status).toBe(200);
  });

  it('refuses an unknown field, a bad side, a missing contact and a contact merged with itself, in the error envelope', async () => {
    const me = await signUp();
    const a = await createContact(me, { first_name: 'A' });
    const b = await createContact(me, { first_name: 'B' });
    for (const body of [
      { other_id: b.id, choices: { email: 'other' } },
      { other_id: b.id, choices: { title: 'both' } },
    ]) {
      const res = await merge(me, a.id, body);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('invalid_request');
    }
    expect((await preview(me, a.id, 'nope')).status).toBe(404);
    expect((await preview(me, a.id, a.id)).status).toBe(422);
    expect((await as(me, `/api/v1/contacts/${a.id}`)).status).toBe(200);
    expect((await as(me, `/api/v1/contacts/${b.id}`)).status).toBe(200);
  });

  it('shows both birthdays as a choice, every other date and what moves; the birthday not picked stays as a date', async () => {
    const me = await signUp();
    const sara = await createContact(me, { first_name: 'Sara', last_name: 'Lind' });
    const sarah = await createContact(me, { first_name: 'Sarah', last_name: 'Lind' });
    await as(me, `/api/v1/contacts/${sara.id}`, { method: 'PATCH', json: { cadence: { every: 2, unit: 'week' } } });
    await as(me, `/api/v1/contacts/${sarah.id}`, { method: 'PATCH', json: { cadence: { every: 3, unit: 'month' } } });
    const add = (id: string, path: string, body: unknown) => as(me, `/api/v1/contacts/${id}/${path}`, { method: 'POST', json: body });
    await add(sara.id, 'dates', { kind: 'birthday', month: 5, day: 3, year: 1990 });
    await add(sarah.id, 'dates', { kind: 'birthday', month: 6, day: 4, year: 1985 });
    await add(sarah.id, 'dates', { kind: 'anniversary', month: 9, day: 1 });
    await add(sarah.id, 'reminders', { on: '2027-02-01', note: 'Ask about the move' });
    await add(sarah.id, 'notes', { body: 'Met at Slush' });

    const { data } = await json(await preview(me, sara.id, sarah.id));
    const field = (name: string) => data.fields.find((f: { field: string }) => f.field === name);
    expect(field('birthday')).toEqual({
      field: 'birthday',
      label: 'Birthday',
      this: '3 May 1990',
      other: '4 Jun 1985',
      conflict: true,
      merged: '3 May 1990',
    });
    expect(field('cadence')).toMatchObject({ this: 'Every 2 weeks', other: 'Every 3 months', conflict: true });
    expect(data.dates).toEqual([{ label: 'Anniversary', date: '1 Sep', of: 'other' }]);
    expect(data.moves).toEqual(['1 timeline entry', '1 reminder']);

    expect((await merge(me, sara.id, { other_id: sarah.id, choices: { birthday: 'other', cadence: 'other' } })).status).toBe(200);
    const dates = (await json(await as(me, `/api/v1/contacts/${sara.id}/dates`))).data;
    expect(dates.map((d: Record<string, unknown>) => [d.kind, d.label, d.month, d.day, d.year])).toEqual([
      ['custom', 'Birthday (Sara Lind)', 5, 3, 1990],
      ['birthday', null, 6, 4, 1985],
      ['anniversary', null, 9, 1, null],
    ]);
    const reminders = (await json(await as(me, `/api/v1/contacts/${sara.id}/reminders`))).data;
    expect(reminders.map((r: { note: string }) => r.note)).toEqual(['Ask about the move']);
    expect((await json(await as(me, `/api/v1/contacts/${sara.id}`))).data.cadence).toEqual({ every: 3, unit: 'month' });

    // The activity log's record of Sarah holds her dates and reminders, so she can be recovered.
    const audit = (await json(await as(me, '/api/v1/audit-log'))).data.find((e: { action: string }) => e.action === 'contact.merge');
    expect(audit.subject_id).toBe(sarah.id);
    expect(audit.data.related.contact_dates.map((d: { month: number; day: number }) => [d.month, d.day]).sort()).toEqual([
      [6, 4],
      [9, 1],
    ]);
    expect(audit.data.related.reminders[0]).toMatchObject({ note: 'Ask about the move', remind_on: '2027-02-01' });
  });
});
