import { SELF } from 'cloudflare:test';
import { createAccount, createVCard, deleteVCard, fetchAddressBooks, fetchVCards, updateVCard } from 'tsdav';
import { describe, expect, it } from 'vitest';
import { as, createContact, json, ORIGIN } from '../support/client';
import { phoneOf } from './dav-support';

// A maintained DAV client (tsdav) against the real Worker, end to end: discovery from the
// server address alone, listing and reading cards, and a create, edit and delete.

const viaWorker = ((input: RequestInfo | URL, init?: RequestInit) => SELF.fetch(input as string, init)) as typeof fetch;

describe('tsdav as the phone', () => {
  it('discovers the address book, reads, creates, edits and deletes cards', async () => {
    const phone = await phoneOf(undefined, 'tsdav');
    await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });
    const headers = { authorization: phone.auth };
    const account = await createAccount({
      account: { serverUrl: `${ORIGIN}/dav/`, accountType: 'carddav' },
      headers,
      fetch: viaWorker,
    });
    expect(account.homeUrl).toBe(`${ORIGIN}/dav/addressbooks/${phone.session.user.id}/`);
    const books = await fetchAddressBooks({ account, headers, fetch: viaWorker });
    expect(books.map((b) => b.displayName)).toEqual(['Kith']);
    const book = books[0]!;
    expect(book.syncToken).toMatch(/^https:\/\/kith\.app\/ns\/sync\/\d+$/);

    const cards = await fetchVCards({ addressBook: book, headers, fetch: viaWorker });
    expect(cards).toHaveLength(1);
    expect(cards[0]!.data).toContain('FN:Ada Lovelace');

    const made = await createVCard({
      addressBook: book,
      filename: 'alan.vcf',
      vCardString:
        'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:alan\r\nFN:Alan Turing\r\nN:Turing;Alan;;;\r\nEMAIL:alan@example.com\r\nEND:VCARD\r\n',
      headers,
      fetch: viaWorker,
    });
    expect(made.status).toBe(201);
    const afterCreate = await fetchVCards({ addressBook: book, headers, fetch: viaWorker });
    const alan = afterCreate.find((c) => c.url.endsWith('/alan.vcf'))!;
    // The phone's own line comes back as it wrote it, not rewritten as Kith's preferred email.
    expect(alan.data).toContain('\r\nEMAIL:alan@example.com\r\n');

    const edited = await updateVCard({
      vCard: { ...alan, data: alan.data.replace('alan@example.com', 'turing@example.com') },
      headers,
      fetch: viaWorker,
    });
    expect(edited.status).toBe(204);
    const list = (await json(await as(phone.session, '/api/v1/contacts?q=Turing'))).data as any[];
    expect(list.map((c) => c.emails)).toEqual([['turing@example.com']]);

    const current = (await fetchVCards({ addressBook: book, headers, fetch: viaWorker })).find((c) => c.url.endsWith('/alan.vcf'))!;
    expect((await deleteVCard({ vCard: current, headers, fetch: viaWorker })).status).toBe(204);
    expect(await fetchVCards({ addressBook: book, headers, fetch: viaWorker })).toHaveLength(1);
  });
});
