import { describe, expect, it } from 'vitest';
import appleCompanyCards from '../fixtures/vcard/apple-company-cards.vcf?raw';
import { as, createContact, json } from '../support/client';
import { dav, multigetBody, phoneOf, propfindBody, responsesOf, syncBody, syncTokenIn, type Phone } from './dav-support';

// Company cards (issue 42, ADR 054): what iOS/macOS Contacts sends for a card marked "Company"
// (vCard 3.0, X-ABShowAs:COMPANY) and DAVx5 for an Android organization contact (4.0, KIND:org)
// becomes Kith's organization, never a person; Kith's organizations come back as company cards,
// edited both ways, deleted both ways, and a round trip through the phone changes nothing.

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const vcard = { 'content-type': 'text/vcard; charset=utf-8' };
/** The first card of the Apple fixture: a company card as iOS writes one, labels and all. */
const IOS_COMPANY = appleCompanyCards
  .split(/(?<=END:VCARD)\r?\n/)[0]!
  .replace(/\r?\n/g, '\r\n')
  .replace('PRODID:-//Apple Inc.//Mac OS X 10.15.7//EN', 'PRODID:-//Apple Inc.//iPhone OS 17.1//EN\r\nUID:3F2C-BABBAGE')
  .concat('\r\n');

const organizations = async (phone: Phone) => (await json(await as(phone.session, '/api/v1/organizations?page_size=50'))).data as any[];
const contacts = async (phone: Phone) => (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];
const unfold = (card: string) => card.replace(/\r\n /g, '');
const sync = async (phone: Phone, token: string, props = '<D:getetag/><C:address-data/>') => {
  const text = await (await dav(phone, 'REPORT', phone.book, syncBody(token, props))).text();
  return { responses: responsesOf(text), token: syncTokenIn(text)! };
};

describe('iOS Contacts: a company card', () => {
  it('becomes an organization (never a person), comes back as a company card, and round-trips unchanged', async () => {
    const phone = await phoneOf(undefined, 'Ada’s iPhone');
    const href = `${phone.book}3F2C-BABBAGE.vcf`;
    const created = await dav(phone, 'PUT', href, IOS_COMPANY, { ...vcard, 'if-none-match': '*' });
    expect(created.status).toBe(201);
    expect(await contacts(phone)).toEqual([]);
    const [org] = await organizations(phone);
    expect(org).toMatchObject({
      name: 'Babbage & Sons Instrument Makers',
      phone: '+44 20 7946 0300',
      email: 'orders@babbage-sons.example',
      website: 'https://babbage-sons.example',
      location: 'London, United Kingdom',
      notes: 'Supplier of brass gears.\nAsk for Mr. Clement, the foreman.',
    });

    // Read back: a company card with the phone's own lines (labels, the fax, the address) in place.
    const read = await dav(phone, 'GET', href);
    const etag = read.headers.get('etag')!;
    const card = unfold(await read.text());
    for (const line of [
      'X-ABShowAs:COMPANY',
      'FN:Babbage & Sons Instrument Makers',
      'ORG:Babbage & Sons Instrument Makers;',
      'item1.TEL;type=pref:+44 20 7946 0300',
      'TEL;type=WORK;type=FAX:+44 20 7946 0301',
      'item2.ADR;type=WORK;type=pref:;;1 Dorset Street;London;;W1U 4EG;United Kingdom',
      'item2.X-ABADR:gb',
      'item3.URL;type=pref:https://babbage-sons.example',
      'item3.X-ABLabel:_$!<HomePage>!$_',
      'EMAIL;type=INTERNET;type=WORK;type=pref:orders@babbage-sons.example',
      'UID:3F2C-BABBAGE',
      `X-KITH-ID:${org.id}`,
    ])
      expect(card, line).toContain(line);
    // Kith's own lines for values the phone already wrote are not added beside them.
    expect(card.match(/TEL/g)).toHaveLength(2);
    expect(card.match(/ADR;/g)).toHaveLength(1);

    // The phone writes the card back as it read it: nothing changes, no second organization.
    const same = await dav(phone, 'PUT', href, card, { ...vcard, 'if-match': etag });
    expect(same.status).toBe(204);
    expect(same.headers.get('etag')).toBe(etag);
    const again = await dav(phone, 'GET', href);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await organizations(phone)).toHaveLength(1);
    expect((await organizations(phone))[0].notes).toBe(org.notes);
    expect(await contacts(phone)).toEqual([]);

    // The sync lists it with the people, under the phone's name for it; the audit names the device.
    const { responses } = await sync(phone, '');
    expect(responses.map((r) => [r.href, r.etag])).toEqual([[href, etag]]);
    const audit = (await json(await as(phone.session, '/api/v1/audit-log'))).data as any[];
    expect(audit.find((e) => e.action === 'organization.dav_create').data).toMatchObject({
      device: 'Ada’s iPhone',
      card: '3F2C-BABBAGE.vcf',
    });
  });

  it('an edit in Kith reaches the phone at the next sync, keeping the phone’s label; a stale ETag is a 412', async () => {
    const phone = await phoneOf();
    const href = `${phone.book}3F2C-BABBAGE.vcf`;
    await dav(phone, 'PUT', href, IOS_COMPANY, { ...vcard, 'if-none-match': '*' });
    const before = (await dav(phone, 'GET', href)).headers.get('etag')!;
    const { token } = await sync(phone, '');
    const [org] = await organizations(phone);
    await as(phone.session, `/api/v1/organizations/${org.id}`, {
      method: 'PATCH',
      json: { phone: '+44 20 7946 0399', industry: 'Instruments' },
    });

    const { responses } = await sync(phone, token);
    expect(responses).toHaveLength(1);
    const card = unfold(responses[0]!.card!);
    expect(card).toContain('item1.TEL;type=pref:+44 20 7946 0399');
    expect(card).not.toContain('0300');
    // The phone's PUT with the ETag it held is refused: the card changed in Kith meanwhile.
    expect((await dav(phone, 'PUT', href, IOS_COMPANY, { ...vcard, 'if-match': before })).status).toBe(412);
    expect((await organizations(phone))[0]).toMatchObject({ phone: '+44 20 7946 0399', industry: 'Instruments' });
    // A PUT of the new card keeps Kith's industry, which no card carries.
    const current = responses[0]!;
    expect((await dav(phone, 'PUT', href, current.card!, { ...vcard, 'if-match': current.etag! })).status).toBe(204);
    expect((await organizations(phone))[0]).toMatchObject({ phone: '+44 20 7946 0399', industry: 'Instruments' });
  });

  it('a new company card with the name of a company Kith has lands on it: no duplicate, no person', async () => {
    const phone = await phoneOf();
    const ada = await createContact(phone.session, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Babbage & Sons Instrument Makers',
    });
    // A company Kith made from a person's card alone is not a card of its own: nothing to reach it by.
    const listing = responsesOf(await (await dav(phone, 'PROPFIND', phone.book, propfindBody('<A:getetag/>'), { depth: '1' })).text());
    expect(listing.map((r) => r.href)).toEqual([phone.book, `${phone.book}${ada.id}.vcf`]);

    expect((await dav(phone, 'PUT', `${phone.book}3F2C-BABBAGE.vcf`, IOS_COMPANY, { ...vcard, 'if-none-match': '*' })).status).toBe(204);
    const orgs = await organizations(phone);
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ phone: '+44 20 7946 0300', website: 'https://babbage-sons.example' });
    expect((await contacts(phone)).map((c) => c.id)).toEqual([ada.id]);
    const after = responsesOf(await (await dav(phone, 'PROPFIND', phone.book, propfindBody('<A:getetag/>'), { depth: '1' })).text());
    expect(after.map((r) => r.href).sort()).toEqual([phone.book, `${phone.book}${ada.id}.vcf`, `${phone.book}3F2C-BABBAGE.vcf`].sort());
  });

  it('a company card over a person’s card, or a person’s over a company’s, is refused and changes nothing', async () => {
    const phone = await phoneOf();
    const ada = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace' });
    const personHref = `${phone.book}${ada.id}.vcf`;
    const refused = await dav(phone, 'PUT', personHref, IOS_COMPANY, vcard);
    expect(refused.status).toBe(403);
    const body = await refused.text();
    expect(body).toContain('<k:same-card-kind xmlns:k="https://kith.app/ns/"/>');
    expect(body).toContain('is a company card now, but this card is a person in Kith');
    expect(await organizations(phone)).toEqual([]);
    expect((await contacts(phone))[0]).toMatchObject({ id: ada.id, first_name: 'Ada' });

    const companyHref = `${phone.book}3F2C-BABBAGE.vcf`;
    await dav(phone, 'PUT', companyHref, IOS_COMPANY, { ...vcard, 'if-none-match': '*' });
    const person = CRLF(['BEGIN:VCARD', 'VERSION:3.0', 'UID:3F2C-BABBAGE', 'FN:Charles Babbage', 'N:Babbage;Charles;;;', 'END:VCARD']);
    const second = await dav(phone, 'PUT', companyHref, person, vcard);
    expect(second.status).toBe(403);
    expect(await second.text()).toContain('This card is the company &quot;Babbage &amp; Sons Instrument Makers&quot; in Kith');
    expect(await contacts(phone)).toHaveLength(1);
    expect(await organizations(phone)).toHaveLength(1);
  });

  it('deleted on the phone: the organization goes, its people keep all but the link, and the sync says so', async () => {
    const phone = await phoneOf(undefined, 'Ada’s iPhone');
    const href = `${phone.book}3F2C-BABBAGE.vcf`;
    await dav(phone, 'PUT', href, IOS_COMPANY, { ...vcard, 'if-none-match': '*' });
    const joseph = await createContact(phone.session, {
      first_name: 'Joseph',
      last_name: 'Clement',
      company: 'Babbage & Sons Instrument Makers',
      title: 'Foreman',
    });
    const { token } = await sync(phone, '');
    const etag = (await dav(phone, 'GET', href)).headers.get('etag')!;
    expect((await dav(phone, 'DELETE', href, undefined, { 'if-match': '"stale"' })).status).toBe(412);
    expect((await dav(phone, 'DELETE', href, undefined, { 'if-match': etag })).status).toBe(204);
    expect(await organizations(phone)).toEqual([]);
    expect((await contacts(phone))[0]).toMatchObject({ id: joseph.id, title: 'Foreman', company: null });
    expect((await dav(phone, 'GET', href)).status).toBe(404);

    const { responses } = await sync(phone, token);
    const byHref = new Map(responses.map((r) => [r.href, r]));
    expect(byHref.get(href)!.status).toContain('404');
    expect(byHref.get(`${phone.book}${joseph.id}.vcf`)!.card).not.toContain('ORG:');
    const audit = (await json(await as(phone.session, '/api/v1/audit-log'))).data as any[];
    expect(audit.find((e) => e.action === 'organization.dav_delete').data).toMatchObject({
      device: 'Ada’s iPhone',
      people: [joseph.id],
      organization: { name: 'Babbage & Sons Instrument Makers' },
    });
  });

  it('merged away in Kith: the merged company card is gone at the next sync, the survivor stays', async () => {
    const phone = await phoneOf();
    const make = async (name: string, website: string) =>
      (await json(await as(phone.session, '/api/v1/organizations', { method: 'POST', json: { name, website } }))).data;
    const acme = await make('Acme', 'https://acme.example');
    const dupe = await make('Acme Inc', 'https://acme-inc.example');
    const { responses: first, token } = await sync(phone, '');
    expect(first.map((r) => r.href).sort()).toEqual([`${phone.book}${acme.id}.vcf`, `${phone.book}${dupe.id}.vcf`].sort());
    expect(first.find((r) => r.href.includes(acme.id))!.card).toContain('X-ABShowAs:COMPANY');
    await as(phone.session, `/api/v1/organizations/${acme.id}/merge`, { method: 'POST', json: { other_id: dupe.id } });
    const { responses } = await sync(phone, token);
    const byHref = new Map(responses.map((r) => [r.href, r]));
    expect(byHref.get(`${phone.book}${dupe.id}.vcf`)!.status).toContain('404');
    // The survivor gained what it lacked from the merged one? It had a website: its card is as it was, still listed.
    expect(
      responsesOf(await (await dav(phone, 'PROPFIND', phone.book, propfindBody('<A:getetag/>'), { depth: '1' })).text()).map((r) => r.href),
    ).toEqual([phone.book, `${phone.book}${acme.id}.vcf`]);
    // The change feed of the API is about contacts only: no organization in it.
    const feed = (await json(await as(phone.session, '/api/v1/changes'))).data as any;
    expect((feed.changes ?? feed).map((c: any) => c.contact_id)).toEqual([]);
  });
});

describe('DAVx5: an organization contact in vCard 4.0', () => {
  it('reads KIND:org as an organization and serves it back as one when 4.0 is asked for', async () => {
    const phone = await phoneOf(undefined, 'Pixel (DAVx5)');
    const card = CRLF([
      'BEGIN:VCARD',
      'VERSION:4.0',
      'PRODID:DAVx5/4.4.3-ose ez-vcard/0.12.1',
      'UID:0b6e-acme',
      'KIND:org',
      'FN:Acme Rockets',
      'ORG:Acme Rockets',
      'TEL;TYPE=work;VALUE=uri:tel:+1-555-0100',
      'EMAIL;TYPE=work:sales@acme.example',
      'X-SOCIALPROFILE;TYPE=mastodon:https://social.example/@acme',
      'END:VCARD',
    ]);
    const href = `${phone.book}0b6e-acme.vcf`;
    expect((await dav(phone, 'PUT', href, card, { ...vcard, 'if-none-match': '*' })).status).toBe(201);
    expect(await contacts(phone)).toEqual([]);
    expect((await organizations(phone))[0]).toMatchObject({ name: 'Acme Rockets', phone: '+1-555-0100', email: 'sales@acme.example' });
    const [got] = responsesOf(
      await (
        await dav(phone, 'REPORT', phone.book, multigetBody([href], '<C:address-data content-type="text/vcard" version="4.0"/>'))
      ).text(),
    );
    const served = unfold(got!.card!);
    for (const line of [
      'VERSION:4.0',
      'KIND:org',
      'FN:Acme Rockets',
      'TEL;TYPE=work;VALUE=uri:tel:+1-555-0100',
      'X-SOCIALPROFILE;TYPE=mastodon:https://social.example/@acme',
    ])
      expect(served, line).toContain(line);
    expect(served).not.toContain('X-ABShowAs');
  });
});
