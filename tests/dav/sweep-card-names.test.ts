import { describe, expect, it } from 'vitest';
import { sweepTombstonePage } from '../../worker/domain/changes/sweep-tombstones';
import { userD1 } from '../support/stores';
import { dav, phoneOf } from './dav-support';

// #42: the name a phone gave a card (dav_resources) outlives its contact only as long as the
// tombstone that tells other phones to drop it; the nightly tombstone sweep takes both.

const card = (uid: string, name: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `FN:${name}`, `N:${name};;;;`, 'END:VCARD', ''].join('\r\n');

describe('The tombstone sweep', () => {
  it('drops the card names of contacts deleted past the horizon, and keeps those of live contacts', async () => {
    const phone = await phoneOf();
    const vcard = { 'content-type': 'text/vcard', 'if-none-match': '*' };
    for (const uid of ['gone', 'kept'])
      expect((await dav(phone, 'PUT', `${phone.book}${uid}.vcf`, card(uid, uid), vcard)).status).toBe(201);
    expect((await dav(phone, 'DELETE', `${phone.book}gone.vcf`)).status).toBe(204);
    const d1 = await userD1(phone.session);
    const names = async () =>
      (
        await d1
          .prepare('SELECT href FROM dav_resources WHERE user_id = ?1 ORDER BY href')
          .bind(phone.session.user.id)
          .all<{ href: string }>()
      ).results.map((r) => r.href);
    // Within the horizon the name stays, so a sync can still report the card gone.
    while (await sweepTombstonePage(d1));
    expect(await names()).toEqual(['gone.vcf', 'kept.vcf']);

    while (await sweepTombstonePage(d1, new Date(Date.now() + 91 * 86_400_000)));
    expect(await names()).toEqual(['kept.vcf']);
    expect((await dav(phone, 'GET', `${phone.book}kept.vcf`)).status).toBe(200);
  });
});
