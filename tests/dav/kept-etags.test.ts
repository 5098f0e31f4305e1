import { describe, expect, it } from 'vitest';
import { as, createContact } from '../support/client';
import { dav, phoneOf, propfindBody, responsesOf, syncBody, syncTokenIn, type Phone } from './dav-support';

// A listing of the book (PROPFIND Depth 1, a sync page of ETags) answers the ETags the change log
// kept from the cards' last rendering (ADR 059) instead of rendering every card. That is only
// right while every change to what a card says enters the log: a card whose kept ETag outlived
// its content would never reach the phone again.

/** Every card's ETag as a listing answers it, by the card's FN. */
async function listedEtags(phone: Phone): Promise<Map<string, { href: string; etag: string }>> {
  const listing = await dav(phone, 'PROPFIND', phone.book, propfindBody('<A:getetag/>'), { depth: '1' });
  expect(listing.status).toBe(207);
  const byName = new Map<string, { href: string; etag: string }>();
  for (const r of responsesOf(await listing.text())) {
    if (!r.etag || r.href === phone.book) continue;
    const card = await dav(phone, 'GET', r.href);
    const fn = /^FN:(.*)$/m.exec(await card.text())?.[1]?.trim() ?? '';
    // The ETag a listing gives must be the card's own, as a GET renders it now.
    expect(card.headers.get('etag'), `${fn}: the listed ETag is the card's`).toBe(r.etag);
    byName.set(fn, { href: r.href, etag: r.etag });
  }
  return byName;
}

describe('the ETags a listing keeps follow what the cards say', () => {
  it('gives a card a new ETag, and a sync lists it, when the person it names is renamed', async () => {
    const phone = await phoneOf(undefined, 'iPhone');
    const ada = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await createContact(phone.session, { first_name: 'Bob', last_name: 'King' });
    const linked = await as(phone.session, `/api/v1/contacts/${ada.id}/relationships`, {
      method: 'POST',
      json: { kind: 'spouse', other_contact_id: bob.id },
    });
    expect(linked.status).toBe(201);

    const first = await dav(phone, 'REPORT', phone.book, syncBody(''), { depth: '1' });
    const token = syncTokenIn(await first.text())!;
    // Twice: the second listing answers from the ETags the first one kept.
    await listedEtags(phone);
    const before = await listedEtags(phone);
    const adaBefore = before.get('Ada Lovelace')!;
    expect(await (await dav(phone, 'GET', adaBefore.href)).text()).toContain('Bob King');

    const renamed = await as(phone.session, `/api/v1/contacts/${bob.id}`, { method: 'PATCH', json: { first_name: 'Robert' } });
    expect(renamed.status).toBe(200);

    const sync = await dav(phone, 'REPORT', phone.book, syncBody(token), { depth: '1' });
    expect(responsesOf(await sync.text()).map((r) => r.href)).toContain(adaBefore.href);
    const after = await listedEtags(phone);
    expect(after.get('Ada Lovelace')!.etag).not.toBe(adaBefore.etag);
    expect(await (await dav(phone, 'GET', adaBefore.href)).text()).toContain('Robert King');
  });
});
