import { describe, expect, it } from 'vitest';
import office from '../fixtures/imports/shared-office-phone.csv?raw';
import { autoMergeByIdentifiers } from '../../worker/domain/merge/auto-merge';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv } from '../support/imports';
import { userDeps } from '../support/stores';

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);
const duplicatesOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/duplicates`))).data as any[];

describe('a phone shared by two people (issue 19, ADR 013 and 031)', () => {
  it('keeps two people who share a work phone apart with the phone on both, suggests nothing, and merges the same person', async () => {
    const me = await signUp();
    const result = await importCsv(me, office);
    expect(result).toMatchObject({ status: 'done', total: 3, created: 2, updated: 1, failed: 0, warned: 0 });
    expect(result.warnings).toEqual([]);

    const contacts = await allContacts(me);
    expect(contacts.map((c) => c.full_name).sort()).toEqual(['Ada Lovelace', 'Charles Babbage']);
    const ada = byName(contacts, 'Ada Lovelace');
    const charles = byName(contacts, 'Charles Babbage');
    // "A. Lovelace" matched Ada by her mobile only, and an initial is her name: merged as before.
    expect(ada.phones).toEqual(['+1 415 555 0100', '+1 415 555 0111']);
    // The office line is both people's (ADR 031); only the phones' labels go to the notes (ADR 072).
    expect(charles.phones).toEqual(['+1 (415) 555-0100', '+1 415 555 0122']);
    expect(charles.notes).toBe('Phones:\nBusiness: +1 (415) 555-0100\nMobile: +1 415 555 0122');
    expect(charles.company).toMatchObject({ name: 'Analytical Engines' });

    // Two names this far apart on one office line are not possible duplicates.
    expect((await duplicatesOf(me, charles.id)).map((d) => d.contact.id)).not.toContain(ada.id);
    expect((await duplicatesOf(me, ada.id)).map((d) => d.contact.id)).not.toContain(charles.id);

    // Re-importing the file finds both again: no third contact.
    expect(await importCsv(me, office)).toMatchObject({ created: 0, updated: 0, skipped: 3 });
    expect(await allContacts(me)).toHaveLength(2);
  });

  it('finds the kept-apart person again when a later file names them with the shared phone only', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', phones: ['+1 415 555 0100'] });
    // Two rows of him in one file, then another file: one Charles throughout.
    expect(
      await importCsv(me, 'Name,Phone,Title\nCharles Babbage,+1 415 555 0100,\nCharles Babbage,+1 415 555 0100,Engineer\n'),
    ).toMatchObject({ created: 1, updated: 1 });
    expect(await importCsv(me, 'Name,Phone,Title\nCharles Babbage,+1 415 555 0100,Mathematician\n')).toMatchObject({
      created: 0,
      skipped: 1,
    });
    const contacts = await allContacts(me);
    expect(contacts).toHaveLength(2);
    expect(byName(contacts, 'Charles Babbage')).toMatchObject({ title: 'Engineer', phones: ['+1 415 555 0100'] });
  });

  it('still merges a row that matches by phone only when the names are compatible', async () => {
    const me = await signUp();
    const existing = await createContact(me, { first_name: 'Bob', last_name: 'Smith', phones: ['+1 415 555 0100'] });
    const csv = 'First Name,Last Name,Phone,Email\nRobert,Smith,+1 415-555-0100,robert@smith.example\nSmith,,+1 415 555 0100,\n';
    expect(await importCsv(me, csv)).toMatchObject({ created: 0, updated: 1, skipped: 1, warned: 0 });
    const contacts = await allContacts(me);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      id: existing.id,
      full_name: 'Bob Smith',
      emails: ['robert@smith.example'],
      phones: ['+1 415 555 0100'],
    });
  });

  it('keeps email matching as it was: a shared email merges whatever the name', async () => {
    const me = await signUp();
    const existing = await createContact(me, { first_name: 'Ada', emails: ['office@engines.example'], phones: ['+1 415 555 0100'] });
    expect(await importCsv(me, 'Name,Email,Phone\nCharles Babbage,office@engines.example,+1 415 555 0100\n')).toMatchObject({
      created: 0,
      updated: 1,
    });
    expect(await allContacts(me)).toEqual([expect.objectContaining({ id: existing.id, first_name: 'Ada', last_name: 'Babbage' })]);
  });

  it('the automatic merge after a sync neither merges nor suggests two clearly different names on one phone', async () => {
    const me = await signUp();
    const deps = await userDeps(me);
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', phones: ['+44 20 7946 0001'] });
    const charles = await createContact(me, { first_name: 'Charles', last_name: 'Babbage', phones: ['44 20 7946 0001'] });
    const lovelace = await createContact(me, { first_name: 'A.', last_name: 'Lovelace', phones: ['44 20 7946 0002'] });
    const augusta = await createContact(me, { first_name: 'Augusta', last_name: 'Lovelace', phones: ['+44 20 7946 0002'] });
    // "A." is an initial of "Augusta": the same person, merged into the oldest as before.
    expect(await autoMergeByIdentifiers(deps, me.user.id)).toEqual([{ survivor_id: lovelace.id, merged_ids: [augusta.id] }]);
    expect((await as(me, `/api/v1/contacts/${charles.id}`)).status).toBe(200);
    expect((await duplicatesOf(me, charles.id)).map((d) => d.contact.id)).not.toContain(ada.id);
    expect(await autoMergeByIdentifiers(deps, me.user.id)).toEqual([]);
  });
});
