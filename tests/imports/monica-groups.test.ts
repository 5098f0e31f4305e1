import { describe, expect, inject, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, waitForImport } from '../support/imports';
import { ADA, BYRON, CHARLES, MARY, monicaAccount } from './monica-fixtures';
import { seedAndImport } from './monica-seed';

const fake = () => inject('fakeProvidersUrl');

async function importFrom(me: Session, key: string) {
  const res = await as(me, '/api/v1/imports/monica', { method: 'POST', json: { url: `${fake()}/monica/${key}`, token: 'monica-token' } });
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id, 30_000);
}

/** The fixture account with Monica's groups and "stay in touch" frequencies (days). */
function accountWithGroups(key: string) {
  const account = monicaAccount(key);
  const every: Record<number, number> = { [ADA.id]: 30, [CHARLES.id]: 7, [MARY.id]: 14 };
  return {
    ...account,
    contacts: account.contacts.map((c) => ({ ...c, stay_in_touch_frequency: every[c.id] ?? null })),
    groups: [
      { id: 1, object: 'group', name: 'Book club', contacts: [ADA, MARY] },
      { id: 2, object: 'group', name: 'Chess', contacts: [CHARLES, BYRON] },
    ],
  };
}

const countsOf = (report: any[]) => Object.fromEntries(report.map((r: any) => [r.kind, r.count]));
const byName = (contacts: any[], first: string) => contacts.find((c) => c.first_name === first)!;

describe('Moving in from Monica: groups and stay-in-touch', () => {
  it("groups become tags on their members and 'stay in touch' a cadence, keeping a cadence chosen in Kith, and a rerun adds nothing", async () => {
    const me = await signUp();
    const key = `g${crypto.randomUUID().slice(0, 8)}`;
    await fetch(`${fake()}/monica/__seed`, {
      method: 'POST',
      body: JSON.stringify({ key, token: 'monica-token', lists: accountWithGroups(key) }),
    });
    const charles = await createContact(me, {
      first_name: 'Charles',
      last_name: 'Babbage',
      emails: [`charles.${key}@example.org`],
      cadence: { every: 2, unit: 'week' },
    });

    const done = await importFrom(me, key);
    expect(countsOf(done.report)).toMatchObject({ contacts: 3, groups: 2, cadences: 3 });
    expect(done.report.find((r: any) => r.kind === 'groups').where).toContain('Tags');
    const contacts = await allContacts(me);
    expect(byName(contacts, 'Ada')).toMatchObject({
      tags: expect.arrayContaining(['science', 'Book club']),
      cadence: { every: 1, unit: 'month' },
    });
    expect(byName(contacts, 'Mary')).toMatchObject({ tags: ['Book club'], cadence: { every: 2, unit: 'week' } });
    // Charles was in Kith with his own cadence: it stays; Byron is a lightweight person, not tagged.
    expect(byName(contacts, 'Charles')).toMatchObject({ id: charles.id, tags: ['Chess'], cadence: { every: 2, unit: 'week' } });

    const sources = (await json(await as(me, `/api/v1/contacts/${byName(contacts, 'Ada').id}/sources`))).data as any[];
    expect(sources.filter((s) => s.field === 'tag' || s.field === 'cadence').map((s) => [s.field, s.source])).toEqual(
      expect.arrayContaining([
        ['tag', 'monica'],
        ['cadence', 'monica'],
      ]),
    );
    const charlesSources = (await json(await as(me, `/api/v1/contacts/${charles.id}/sources`))).data as any[];
    expect(charlesSources.find((s) => s.field === 'cadence')?.source).toBe('typed');

    await importFrom(me, key);
    const again = await allContacts(me);
    expect(again.map((c) => [c.first_name, c.tags.length, c.cadence])).toEqual(
      contacts.map((c) => [c.first_name, c.tags.length, c.cadence]),
    );
  });

  it("a group name longer than a tag may be is no cut tag: it is a warning of the import and whole in its members' notes (ADR 078)", async () => {
    const me = await signUp();
    const key = `l${crypto.randomUUID().slice(0, 8)}`;
    const name = 'Royal Society lecture attendees who asked about the Analytical Engine';
    const long = `${name} ${'x'.repeat(80 - name.length - 1)}`;
    expect(long).toHaveLength(80);
    const account = accountWithGroups(key);
    const lists = { ...account, groups: [...account.groups, { id: 3, object: 'group', name: long, contacts: [ADA, MARY] }] };
    const { done, counts } = await seedAndImport(me, key, { lists });
    expect(done.warnings).toEqual([
      expect.objectContaining({ field: 'Tag', value: long, message: 'is longer than a tag may be; kept in the notes of its 2 members' }),
    ]);
    const contacts = await allContacts(me);
    for (const first of ['Ada', 'Mary']) {
      const contact = byName(contacts, first);
      expect(contact.tags).not.toContain(long.slice(0, 64));
      expect(contact.tags).toContain('Book club');
      expect(contact.notes).toContain(`Monica · Group: ${long}`);
    }
    expect(counts).toMatchObject({ contacts: 3, groups: 2 });
    // Mary had no notes before the group's line: the notes are the import's, as the sources say.
    const marySources = (await json(await as(me, `/api/v1/contacts/${byName(contacts, 'Mary').id}/sources`))).data as any[];
    expect(marySources.filter((s) => s.field === 'notes').map((s) => s.source)).toEqual(['monica']);

    // Imported again: the report says it again, the notes keep the one line.
    const again = await seedAndImport(me, key, { lists });
    expect(again.done.warnings).toHaveLength(1);
    const ada = byName(await allContacts(me), 'Ada');
    expect(ada.notes.split(`Monica · Group: ${long}`)).toHaveLength(2);
  });
});
