import { describe, expect, it } from 'vitest';
import appleCompanyCards from '../fixtures/vcard/apple-company-cards.vcf?raw';
import { as, json, signUp, type Session } from '../support/client';
import { upload, waitForImport } from '../support/imports';
import { dav, phoneOf, responsesOf, syncBody } from '../dav/dav-support';

// #42 (ADR 054, 059): a phone's company card keeps lines Kith does not model (a fax, labels, an
// Apple address) in dav_organization_lines. A full backup carries them with the organization,
// and the name and UID the phone gave the card, so after a restore into a fresh account the
// phone is served the same card under the same name and UID: nothing lost, no duplicate.

const IOS_COMPANY = appleCompanyCards
  .split(/(?<=END:VCARD)\r?\n/)[0]!
  .replace(/\r?\n/g, '\r\n')
  .replace('PRODID:-//Apple Inc.//Mac OS X 10.15.7//EN', 'PRODID:-//Apple Inc.//iPhone OS 17.1//EN\r\nUID:3F2C-BABBAGE')
  .concat('\r\n');

async function backupOf(me: Session): Promise<string> {
  const res = await as(me, '/api/v1/backup');
  expect(res.status).toBe(200);
  return res.text();
}

async function restoreInto(me: Session, file: string) {
  const res = await upload(me, '/api/v1/imports/backup', file, {}, 'kith-backup.jsonl');
  expect(res.status, await res.clone().text()).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id, 60_000);
}

describe('a phone’s company card in a full backup', () => {
  it('comes back after a restore as the same card, with its extra lines, name and UID', async () => {
    const phone = await phoneOf(undefined, 'Ada’s iPhone');
    const href = `${phone.book}3F2C-BABBAGE.vcf`;
    expect((await dav(phone, 'PUT', href, IOS_COMPANY, { 'content-type': 'text/vcard', 'if-none-match': '*' })).status).toBe(201);
    const before = await dav(phone, 'GET', href);
    const card = await before.text();
    // The fax and the Apple address are lines Kith keeps beside the organization's own fields.
    expect(card).toContain('TEL;type=WORK;type=FAX:+44 20 7946 0301');
    expect(card).toContain('item2.X-ABADR:gb');

    const fresh = await signUp('Restored Ada');
    expect(await restoreInto(fresh, await backupOf(phone.session))).toMatchObject({ status: 'done', failed: 0 });
    const again = await phoneOf(fresh, 'Ada’s new iPhone');
    const name = '3F2C-BABBAGE.vcf';
    const after = await dav(again, 'GET', `${again.book}${name}`);
    expect(after.status).toBe(200);
    // The same card but for X-KITH-ID, which names the organization in the account it is in
    // (Kith's reader matches a card to its record by it); so the ETag, a hash of the card, is new.
    const restored = await after.text();
    const kithId = /^X-KITH-ID:(\w+)\r$/m;
    expect(restored.replace(kithId, '')).toBe(card.replace(kithId, ''));
    const [organization] = (await json(await as(fresh, '/api/v1/organizations'))).data;
    expect(kithId.exec(restored)?.[1]).toBe(organization.id);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // And the new account's first sync lists it under that name.
    const listed = responsesOf(await (await dav(again, 'REPORT', again.book, syncBody(''), { depth: '1' })).text());
    expect(listed.map((r) => r.href)).toContain(`${again.book}${name}`);
  });
});
