import { describe, expect, it } from 'vitest';
import { as, createContact, signUp } from '../support/client';
import { userD1 } from '../support/stores';
import { dav, multigetBody, phoneOf, propfindBody, responsesOf, syncBody, syncTokenIn } from './dav-support';

// What iOS/macOS Contacts sends to find and read an address book (issue 42; RFC 6764, 5397,
// 6352, 6578), request by request: discovery, the initial sync, then Kith-side changes seen at
// the next sync. DAVx5 and Thunderbird send the same requests with other prefixes and props.

describe('iOS Contacts: discovery', () => {
  it('finds the principal, the home and the one address book "Kith"', async () => {
    const phone = await phoneOf();
    // 1. The well-known address leads to the DAV root, before any credentials.
    const known = await dav(null, 'PROPFIND', '/.well-known/carddav', undefined, { depth: '0' });
    expect(known.status).toBe(301);
    expect(known.headers.get('location')).toBe('/dav/');
    // 2. Without credentials: 401 with a Basic challenge, and OPTIONS names the classes.
    const challenged = await dav(null, 'PROPFIND', '/dav/', propfindBody('<A:current-user-principal/>'), { depth: '0' });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get('www-authenticate')).toMatch(/^Basic realm="Kith"/);
    const options = await dav(null, 'OPTIONS', '/dav/');
    expect(options.headers.get('dav')).toBe('1, 3, addressbook');
    // 3. The root names the principal.
    const root = await dav(phone, 'PROPFIND', '/dav/', propfindBody('<A:current-user-principal/><A:principal-URL/><A:resourcetype/>'), {
      depth: '0',
    });
    expect(root.status).toBe(207);
    expect(await root.text()).toContain(`<d:current-user-principal><d:href>${phone.principal}</d:href></d:current-user-principal>`);
    // 4. The principal names the home set and the account; a property Kith lacks is a 404 in its namespace.
    const principal = await dav(
      phone,
      'PROPFIND',
      phone.principal,
      propfindBody('<B:addressbook-home-set/><A:displayname/><C:email-address-set/><A:resource-id/>'),
      { depth: '0' },
    );
    const [me] = responsesOf(await principal.text());
    expect(me!.xml).toContain(`<card:addressbook-home-set><d:href>/dav/addressbooks/${phone.session.user.id}/</d:href>`);
    expect(me!.xml).toContain(phone.session.user.email);
    expect(me!.missing).toEqual(['resource-id']);
    // 5. The home, Depth 1: itself and the address book, with what a client needs to sync it.
    const home = await dav(
      phone,
      'PROPFIND',
      `/dav/addressbooks/${phone.session.user.id}/`,
      propfindBody(
        '<A:resourcetype/><A:displayname/><C:getctag/><A:sync-token/><A:supported-report-set/><A:current-user-privilege-set/><B:supported-address-data/><B:max-resource-size/>',
      ),
      { depth: '1' },
    );
    const [, book] = responsesOf(await home.text());
    expect(book!.href).toBe(phone.book);
    expect(book!.xml).toContain('<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>');
    expect(book!.xml).toContain('<d:displayname>Kith</d:displayname>');
    expect(book!.xml).toMatch(/<d:sync-token>https:\/\/kith\.app\/ns\/sync\/\d+<\/d:sync-token>/);
    expect(book!.xml).toContain('<d:report><d:sync-collection/></d:report>');
    expect(book!.xml).toContain('<card:address-data-type content-type="text/vcard" version="4.0"/>');
    expect(book!.xml).toContain('<d:privilege><d:write-content/></d:privilege>');
  });

  it('refuses the account password, a revoked sync password and another user’s paths', async () => {
    const phone = await phoneOf();
    const other = await phoneOf();
    const withPassword = `Basic ${btoa(`${phone.session.user.email}:correct horse battery`)}`;
    expect((await dav(null, 'PROPFIND', '/dav/', undefined, { authorization: withPassword, depth: '0' })).status).toBe(401);
    const wrongUser = `Basic ${btoa(`${other.session.user.email}:${phone.password}`)}`;
    expect((await dav(null, 'PROPFIND', '/dav/', undefined, { authorization: wrongUser, depth: '0' })).status).toBe(401);
    // Typed on a phone: case and spaces do not matter.
    const typed = `Basic ${btoa(`${phone.session.user.email.toUpperCase()}:${phone.password.toUpperCase().replaceAll('-', ' ')}`)}`;
    expect((await dav(null, 'PROPFIND', '/dav/', undefined, { authorization: typed, depth: '0' })).status).toBe(207);
    const theirs = await createContact(other.session, { first_name: 'Secret', last_name: 'Other' });
    for (const path of [other.principal, other.book, `${other.book}${theirs.id}.vcf`]) {
      const res = await dav(phone, 'PROPFIND', path, propfindBody('<A:getetag/>'), { depth: '0' });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('Secret');
    }
    expect((await dav(phone, 'GET', `${other.book}${theirs.id}.vcf`)).status).toBe(404);
    const multiget = await dav(phone, 'REPORT', phone.book, multigetBody([`${other.book}${theirs.id}.vcf`]));
    expect(responsesOf(await multiget.text())[0]!.status).toContain('404');
    // Revoked: the phone is signed out at its next request.
    const [listed] = (await (await as(phone.session, '/api/v1/app-passwords')).json<{ data: { id: string }[] }>()).data;
    await as(phone.session, `/api/v1/app-passwords/${listed!.id}`, { method: 'DELETE' });
    expect((await dav(phone, 'PROPFIND', '/dav/', undefined, { depth: '0' })).status).toBe(401);
  });
});

describe('iOS Contacts: initial sync and Kith-side changes', () => {
  it('lists every contact with an ETag, reads them by multiget, then hears of an edit and a delete', async () => {
    const phone = await phoneOf();
    const ada = await createContact(phone.session, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@example.com'],
      phones: ['+44 20 7946 0000'],
      company: 'Analytical Engines',
      tags: ['math'],
    });
    const bob = await createContact(phone.session, { first_name: 'Bob', last_name: 'Babbage' });
    await as(phone.session, `/api/v1/contacts/${ada.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 12, day: 10 } });

    const first = await dav(phone, 'REPORT', phone.book, syncBody(''));
    expect(first.status).toBe(207);
    const firstXml = await first.text();
    const listed = responsesOf(firstXml);
    expect(listed.map((r) => r.href).sort()).toEqual([`${phone.book}${ada.id}.vcf`, `${phone.book}${bob.id}.vcf`].sort());
    expect(listed.every((r) => /^"[0-9a-f]{40}"$/.test(r.etag ?? ''))).toBe(true);
    const token = syncTokenIn(firstXml)!;
    expect(token).toMatch(/^https:\/\/kith\.app\/ns\/sync\/\d+$/);

    const got = await dav(phone, 'REPORT', phone.book, multigetBody(listed.map((r) => r.href)));
    const cards = responsesOf(await got.text());
    const adaCard = cards.find((c) => c.href.endsWith(`${ada.id}.vcf`))!;
    expect(adaCard.card).toContain('VERSION:3.0');
    expect(adaCard.card).toContain('FN:Ada Lovelace');
    expect(adaCard.card).toContain('EMAIL;TYPE=pref:ada@example.com');
    expect(adaCard.card).toContain('ORG:Analytical Engines');
    expect(adaCard.card).toContain('CATEGORIES:math');
    expect(adaCard.card).toContain('BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10');
    expect(adaCard.card).toContain(`X-KITH-ID:${ada.id}`);
    expect(adaCard.etag).toBe(listed.find((r) => r.href === adaCard.href)!.etag);

    // Nothing changed: an empty answer with the same token.
    const idle = await (await dav(phone, 'REPORT', phone.book, syncBody(token))).text();
    expect(responsesOf(idle)).toEqual([]);
    expect(syncTokenIn(idle)).toBe(token);

    // In Kith: Ada's title changes, Bob is deleted.
    await as(phone.session, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { title: 'Countess' } });
    await as(phone.session, `/api/v1/contacts/${bob.id}`, { method: 'DELETE' });
    const next = await (await dav(phone, 'REPORT', phone.book, syncBody(token))).text();
    const changes = responsesOf(next);
    const edited = changes.find((r) => r.href.endsWith(`${ada.id}.vcf`))!;
    expect(edited.etag).not.toBe(adaCard.etag);
    expect(changes.find((r) => r.href.endsWith(`${bob.id}.vcf`))!.status).toContain('404');
    expect(syncTokenIn(next)).not.toBe(token);
    const card = await dav(phone, 'GET', `${phone.book}${ada.id}.vcf`, undefined, { accept: 'text/vcard; version=4.0' });
    expect(card.headers.get('etag')).toBe(edited.etag);
    const text = await card.text();
    expect(text).toContain('VERSION:4.0');
    expect(text).toContain('TITLE:Countess');
  });

  it('pages a large sync with nresults and 507, and answers an expired token with valid-sync-token', async () => {
    const phone = await phoneOf(await signUp());
    for (const name of ['One', 'Two', 'Three']) await createContact(phone.session, { first_name: name });
    const page1 = await (await dav(phone, 'REPORT', phone.book, syncBody('', '<D:getetag/>', 2))).text();
    const first = responsesOf(page1);
    expect(first.filter((r) => r.etag)).toHaveLength(2);
    expect(first.find((r) => r.href === phone.book)!.status).toContain('507');
    const page2 = await (await dav(phone, 'REPORT', phone.book, syncBody(syncTokenIn(page1)!, '<D:getetag/>', 2))).text();
    expect(responsesOf(page2).filter((r) => r.etag)).toHaveLength(1);
    expect(responsesOf(page2).some((r) => r.status?.includes('507'))).toBe(false);

    // The nightly sweep removed tombstones past this token: the phone must start again.
    const seq = Number(syncTokenIn(page1)!.split('/').pop());
    await (
      await userD1(phone.session)
    )
      .prepare('INSERT INTO contact_change_horizons (user_id, seq) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq')
      .bind(phone.session.user.id, seq + 1)
      .run();
    const expired = await dav(phone, 'REPORT', phone.book, syncBody(syncTokenIn(page1)!));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<d:valid-sync-token/>');
    const foreign = await dav(phone, 'REPORT', phone.book, syncBody('http://other.example/sync/1'));
    expect(foreign.status).toBe(403);
  });
});

describe('Thunderbird: searching the address book', () => {
  it('answers addressbook-query text-match filters on names and emails', async () => {
    const phone = await phoneOf();
    const ada = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@engines.example'] });
    await createContact(phone.session, { first_name: 'Bob', last_name: 'Babbage', emails: ['bob@example.com'] });
    const query = (filter: string) =>
      `<?xml version="1.0" encoding="utf-8"?><C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data/></D:prop><C:filter test="anyof">${filter}</C:filter></C:addressbook-query>`;
    const byName = responsesOf(
      await (
        await dav(
          phone,
          'REPORT',
          phone.book,
          query('<C:prop-filter name="FN"><C:text-match match-type="contains">love</C:text-match></C:prop-filter>'),
        )
      ).text(),
    );
    expect(byName.map((r) => r.href)).toEqual([`${phone.book}${ada.id}.vcf`]);
    expect(byName[0]!.card).toContain('FN:Ada Lovelace');
    const byEmail = responsesOf(
      await (
        await dav(
          phone,
          'REPORT',
          phone.book,
          query('<C:prop-filter name="EMAIL"><C:text-match match-type="starts-with">bob@</C:text-match></C:prop-filter>'),
        )
      ).text(),
    );
    expect(byEmail.map((r) => r.card?.includes('FN:Bob Babbage'))).toEqual([true]);
  });
});
