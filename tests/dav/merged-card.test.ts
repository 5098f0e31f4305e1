import { describe, expect, it } from 'vitest';
import { as, createContact } from '../support/client';
import { dav, phoneOf, responsesOf, syncBody, syncTokenIn } from './dav-support';

// Issue 42: "a tombstone per deleted or merged-away contact". Two cards of one person merged in
// Kith: at the phone's next sync the merged-away card is gone (404) and the survivor's card
// carries what the merge gave it, so the phone ends with one card, not two.

describe('iOS Contacts: two contacts merged in Kith', () => {
  it('hears at the next sync that the merged-away card is gone and the survivor changed', async () => {
    const phone = await phoneOf();
    const ada = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });
    const twin = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace', phones: ['+44 20 7946 0000'] });
    const first = await (await dav(phone, 'REPORT', phone.book, syncBody(''))).text();
    expect(responsesOf(first)).toHaveLength(2);

    const merged = await as(phone.session, `/api/v1/contacts/${ada.id}/merge`, { method: 'POST', json: { other_id: twin.id } });
    expect(merged.status, await merged.clone().text()).toBe(200);

    const next = responsesOf(
      await (await dav(phone, 'REPORT', phone.book, syncBody(syncTokenIn(first)!, '<D:getetag/><C:address-data/>'))).text(),
    );
    const byHref = new Map(next.map((r) => [r.href, r]));
    expect(byHref.get(`${phone.book}${twin.id}.vcf`)!.status).toContain('404');
    const survivor = byHref.get(`${phone.book}${ada.id}.vcf`)!;
    expect(survivor.card).toContain('ada@example.com');
    expect(survivor.card).toContain('+44 20 7946 0000');
    expect(next).toHaveLength(2);
  });
});
