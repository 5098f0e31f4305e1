import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { as, call, json, signUp, type Session } from '../support/client';
import { allContacts, waitForImport } from '../support/imports';
import { connectThroughConsent } from '../support/oauth';

// Issue 19: Google sync and the LinkedIn extension follow the import rule (readContact, ADR 013).
const fake = () => inject('fakeProvidersUrl');
const scenario = (body: Record<string, unknown>) => fetch(`${fake()}/__scenario/google`, { method: 'POST', body: JSON.stringify(body) });
const UNREAD = 'Imported values Kith could not read: ';
const duplicatesOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/duplicates`))).data as any[];

const ada = {
  resourceName: 'people/r1',
  etag: '%Er1',
  names: [{ givenName: 'Ada', familyName: 'Lovelace', metadata: { primary: true } }],
  emailAddresses: [{ value: 'ada@engines.example' }, { value: 'ada@@engines' }],
  phoneNumbers: [{ value: '+1-800-MYFAX' }, { value: '#322*67#' }, { value: '+1 415 555 0100', canonicalForm: '+14155550100' }],
};
const charles = {
  resourceName: 'people/r2',
  etag: '%Er2',
  names: [{ givenName: 'Charles', familyName: 'Babbage' }],
  emailAddresses: [{ value: 'charles@engines.example' }],
  phoneNumbers: [{ value: '+1 415-555-0100', canonicalForm: '+14155550100' }],
};

describe('the import rule in Google sync and the LinkedIn extension', () => {
  it('Google sync keeps a person with unreadable values, warns, notes them once, and keeps a shared phone on both people', async () => {
    const me = await signUp();
    await scenario({ account: 'rule', people: [ada, charles] });
    const { landing } = await connectThroughConsent(me, '/settings/google/connect', 'rule');
    const first = await waitForImport(me, landing.searchParams.get('google_import')!);
    expect(first).toMatchObject({ status: 'done', created: 2, failed: 0, warned: 1 });
    expect(first.warnings.map((w: any) => [w.row, w.field, w.value])).toEqual([
      [1, 'Email', 'ada@@engines'],
      [1, 'Phone', '+1-800-MYFAX'],
      [1, 'Phone', '#322*67#'],
    ]);
    const contacts = await allContacts(me);
    const a = contacts.find((c) => c.full_name === 'Ada Lovelace');
    const c = contacts.find((x) => x.full_name === 'Charles Babbage');
    expect(a).toMatchObject({
      emails: ['ada@engines.example'],
      phones: ['+1-800-69329', '+1 415 555 0100'],
      notes: `${UNREAD}Email: ada@@engines; Phone: #322*67#`,
    });
    // The work number is both people's (ADR 031): Charles, clearly someone else, has it too.
    expect(c).toMatchObject({ emails: ['charles@engines.example'], phones: ['+1 415-555-0100'], notes: null });
    expect((await duplicatesOf(me, c.id)).map((d) => d.contact.id)).not.toContain(a.id);

    // Both change in Google and sync again: still two people, each notes line once.
    await scenario({ account: 'rule', people: [{ ...ada, organizations: [{ name: 'Engines' }] }, charles] });
    const res = await as(me, '/api/v1/sync/google-contacts', { method: 'POST' });
    const second = await waitForImport(me, (await json(res)).data.import_id);
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 1, skipped: 1 });
    const after = await allContacts(me);
    expect(after).toHaveLength(2);
    expect(after.find((x) => x.id === a.id).notes).toBe(a.notes);
    expect(after.find((x) => x.id === c.id).notes).toBe(c.notes);
  });

  it("Google sync cleans control characters in a person's values instead of dropping the person", async () => {
    const me = await signUp();
    const grace = {
      resourceName: 'people/r3',
      etag: '%Er3',
      names: [{ givenName: 'Grace\u0000', familyName: 'Hopper\u200b', metadata: { primary: true } }],
      emailAddresses: [{ value: 'grace@navy.example' }],
      organizations: [{ name: 'US\tNavy', title: 'Rear\nAdmiral' }],
    };
    await scenario({ account: 'controls', people: [grace] });
    const { landing } = await connectThroughConsent(me, '/settings/google/connect', 'controls');
    const result = await waitForImport(me, landing.searchParams.get('google_import')!);
    expect(result).toMatchObject({ status: 'done', created: 1, failed: 0, warned: 1 });
    expect(result.warnings).toEqual([
      { row: 1, field: 'First name', value: 'Grace', message: 'had control characters; they were left out' },
    ]);
    const [contact] = await allContacts(me);
    // A zero-width space is not a control character: the name keeps it (ADR 011).
    expect(contact).toMatchObject({ first_name: 'Grace', last_name: 'Hopper\u200b', company: { name: 'US Navy' }, title: 'Rear Admiral' });
  });

  it('the extension keeps a participant whose profile URL it cannot read, logs the messages, and finds them again', async () => {
    const me = await signUp();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'Extension' } }))).data.token;
    const salesUrl = 'https://www.linkedin.com/sales/lead/ACwAAB,NAME_SEARCH,x1';
    const body = {
      conversations: [
        {
          id: 'urn:li:msg_conversation:s1',
          participant: { name: 'Sam Lee', profile_url: salesUrl },
          messages: [
            { id: 'urn:li:msg_message:s1a', direction: 'in', sent_at: '2026-11-20T09:00:00Z', body: 'Hello from Sales Navigator' },
          ],
        },
      ],
    };
    const post = () =>
      call('/api/v1/extension/linkedin/conversations', { method: 'POST', json: body, headers: { authorization: `Bearer ${token}` } });
    const first = (await json(await post())).data;
    expect(first).toMatchObject({ contacts_created: 1, messages_logged: 1 });
    expect(first.conversations[0].warnings).toEqual([
      { field: 'LinkedIn URL', value: salesUrl, message: 'is not a LinkedIn profile URL; kept in the notes' },
    ]);
    const second = (await json(await post())).data;
    expect(second).toMatchObject({ contacts_created: 0, contacts_updated: 0, messages_logged: 0 });
    expect(second.conversations[0].contact_id).toBe(first.conversations[0].contact_id);
    const [sam] = await allContacts(me);
    expect(sam).toMatchObject({
      full_name: 'Sam Lee',
      source: 'linkedin',
      linkedin_url: null,
      notes: `${UNREAD}LinkedIn URL: ${salesUrl}`,
    });
  });
});
