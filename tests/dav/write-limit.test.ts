import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getSettings, type Env } from '../../worker/env';
import { as, json } from '../support/client';
import { dav, phoneOf, propfindBody } from './dav-support';

// Issue 42: a phone's writes have the API's kind of limit, "a PUT per second": DAV_WRITES_PER_MINUTE
// PUTs and DELETEs per user in a minute (30 in the tests, 60 by default). The next is 429 with
// Retry-After and a reason, and writes nothing; reading the address book goes on.

const card = (n: number) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:burst-${n}`, `FN:Burst ${n}`, `N:${n};Burst;;;`, 'END:VCARD', ''].join('\r\n');

describe('A phone writing many cards at once', () => {
  it('is told to wait past the limit, and nothing past it is stored', { timeout: 90_000 }, async () => {
    const limit = getSettings(env as unknown as Env).DAV_WRITES_PER_MINUTE;
    const phone = await phoneOf(undefined, 'Pixel (DAVx5)');
    // The limit counts in minute windows: start the burst early in one, so it all falls in it.
    const second = Math.floor(Date.now() / 1000) % 60;
    if (second > 30) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const put = (n: number) =>
      dav(phone, 'PUT', `${phone.book}burst-${n}.vcf`, card(n), { 'content-type': 'text/vcard', 'if-none-match': '*' });
    for (let n = 0; n < limit; n += 10)
      for (const res of await Promise.all(Array.from({ length: Math.min(10, limit - n) }, (_, i) => put(n + i))))
        expect(res.status).toBe(201);

    const refused = await put(limit);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many changes from your phones in a minute');
    expect((await dav(phone, 'DELETE', `${phone.book}burst-0.vcf`)).status).toBe(429);
    const { data } = await json(await as(phone.session, `/api/v1/contacts?page_size=100`));
    expect(data).toHaveLength(limit);
    // Reads are not writes: the phone still syncs.
    expect((await dav(phone, 'PROPFIND', phone.book, propfindBody('<A:getetag/>'), { depth: '0' })).status).toBe(207);
  });
});
