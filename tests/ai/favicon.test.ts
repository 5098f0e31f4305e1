import { describe, expect, it } from 'vitest';
import { extractBio } from '../../worker/domain/bio/extract-bio';
import { createFaviconFetcher, iconLinksOf } from '../../worker/providers/favicon/favicon-client';
import { isPublicUrl } from '../../worker/providers/favicon/public-address';
import { as, createContact, json, signUp } from '../support/client';
import { fakeDnsOverHttpsUrl, requestsTo, steer, testSitesFetch, uniqueKey } from './fakes-control';
import { userDeps } from '../support/stores';

// The strict production guard, over a transport that maps *.test names to the fake websites,
// resolving names through the fake DNS-over-HTTPS server.
const fetcher = (options: Partial<Parameters<typeof createFaviconFetcher>[0]> = {}) =>
  createFaviconFetcher({ dnsOverHttpsUrl: fakeDnsOverHttpsUrl(), fetch: testSitesFetch, ...options });
const favicons = fetcher();

describe('the address guard of outbound fetches', () => {
  it('refuses private, loopback, link-local, mapped and local-name hosts', () => {
    const refused = [
      'http://127.0.0.1/',
      'http://127.8.9.10/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[64:ff9b::a00:1]/',
      'http://[2002:a00:1::]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://localhost/',
      'http://api.localhost/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://intranet/',
      'ftp://example.com/',
      'file:///etc/passwd',
      'http://user:pw@example.com/',
      'http://example.com:22/',
    ];
    for (const url of refused) expect(isPublicUrl(new URL(url)), url).toBe(false);
    for (const url of [
      'https://stripe.com/favicon.ico',
      'http://93.184.216.34/',
      'http://[2606:4700::1111]/',
      'https://example.com:8443/x',
    ]) {
      expect(isPublicUrl(new URL(url)), url).toBe(true);
    }
  });

  it('refuses a private address before any request leaves, also as a literal website', async () => {
    for (const site of [
      'http://127.0.0.1:9/',
      'http://10.0.0.8/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      let requests = 0;
      const counting = fetcher({ fetch: (i, init) => (requests++, fetch(i, init)) });
      expect(await counting.download(site), site).toEqual({ ok: false, reason: 'refused_address', url: expect.any(URL) });
      expect(requests, site).toBe(0);
    }
  });

  it('refuses a redirect to a private address, and stops after 3 redirects', async () => {
    expect(await favicons.download('http://redirect-private.test')).toMatchObject({ ok: false, reason: 'refused_address' });
    expect(await requestsTo('sites', 'private-target.test')).toEqual([]);
    // A loop: the icon and then the page are each given up after the first request and 3 redirects.
    const hops: string[] = [];
    const counting = fetcher({ fetch: (i, init) => (hops.push(String(i)), testSitesFetch(i, init)) });
    expect(await counting.download('http://redirect-loop.test')).toMatchObject({ ok: false });
    expect(hops).toEqual([...Array(4).fill('http://redirect-loop.test/favicon.ico'), ...Array(4).fill('http://redirect-loop.test/')]);
    expect(await favicons.download('http://redirect-ok.test')).toMatchObject({
      ok: true,
      contentType: 'image/x-icon',
      source: 'http://acme.test/favicon.ico',
    });
  });
});

describe('the addresses a website name resolves to (DNS-over-HTTPS)', () => {
  /** A fetcher that records each request leaving for a website. */
  const recording = () => {
    const sent: string[] = [];
    return { sent, favicons: fetcher({ fetch: (i, init) => (sent.push(String(i)), testSitesFetch(i, init)) }) };
  };

  it('refuses a name that resolves to loopback, a private range, ::1, a mapped address or metadata behind a CNAME, before any request', async () => {
    for (const host of [
      'loopback-dns.test',
      'private-dns.test',
      'v6-loopback-dns.test',
      'mapped-dns.test',
      'mixed-dns.test',
      'cname-metadata.test',
    ]) {
      const { sent, favicons } = recording();
      expect(await favicons.download(`https://${host}/`), host).toMatchObject({ ok: false, reason: 'refused_address' });
      expect(sent, host).toEqual([]);
      expect((await requestsTo('doh', `name=${host}`)).length, host).toBeGreaterThan(0);
    }
  });

  it('does not fetch a name the resolver cannot answer for (NXDOMAIN, SERVFAIL, a failing or broken resolver)', async () => {
    for (const host of ['nxdomain.test', 'servfail.test', 'broken-resolver.test', 'garbage-resolver.test']) {
      const { sent, favicons } = recording();
      expect(await favicons.download(`https://${host}/`), host).toMatchObject({ ok: false, reason: 'refused_address' });
      expect(sent, host).toEqual([]);
    }
    const wrongEndpoint = fetcher({ dnsOverHttpsUrl: fakeDnsOverHttpsUrl().replace('/dns-query', '/nowhere') });
    expect(await wrongEndpoint.download('https://acme.test/')).toMatchObject({ ok: false, reason: 'refused_address' });
  });

  it('fetches a name whose every address is public, asking the resolver once per name (A and AAAA)', async () => {
    const { sent, favicons } = recording();
    expect(await favicons.download('https://public-v6.test/')).toMatchObject({ ok: true, contentType: 'image/x-icon' });
    expect(sent).toEqual(['https://public-v6.test/favicon.ico']);
    const queries = (await requestsTo('doh', 'name=public-v6.test'))
      .map((r) => new URL(r.path, 'http://x').searchParams.get('type'))
      .sort();
    expect(queries).toEqual(['A', 'AAAA']);
    expect((await requestsTo('doh', 'name=public-v6.test'))[0]!.headers.accept).toBe('application/dns-json');
  });

  it('resolves again at every redirect, and refuses a hop to a name that resolves privately', async () => {
    const { sent, favicons } = recording();
    expect(await favicons.download('http://redirect-rebind.test/')).toMatchObject({ ok: false, reason: 'refused_address' });
    expect(sent).toEqual(['http://redirect-rebind.test/favicon.ico']);
    expect(await requestsTo('sites', 'loopback-dns.test/favicon.ico')).toEqual([]);
  });

  it('refuses wildcard-loopback domains by name, without a lookup', async () => {
    const names = [
      'localtest.me',
      'app.localtest.me',
      'lvh.me',
      'x.vcap.me',
      '127.0.0.1.nip.io',
      'evil-10-0-0-1.sslip.io',
      'a.b.xip.io',
      'LVH.ME',
      'localho.st',
      'something.localhost.direct',
    ];
    for (const host of names) {
      expect(isPublicUrl(new URL(`https://${host}/`)), host).toBe(false);
      const { sent, favicons } = recording();
      expect(await favicons.download(`https://${host}/`), host).toMatchObject({ ok: false, reason: 'refused_address' });
      expect(sent, host).toEqual([]);
      expect(await requestsTo('doh', `name=${host.toLowerCase()}&`), host).toEqual([]);
    }
    expect(isPublicUrl(new URL('https://notnip.io.example.com/'))).toBe(true);
  });
});

describe('favicon download', () => {
  it('takes /favicon.ico, else the page\'s <link rel="icon">', async () => {
    expect(await favicons.download('https://acme.test/about')).toMatchObject({
      ok: true,
      contentType: 'image/x-icon',
      source: 'https://acme.test/favicon.ico',
    });
    expect(await favicons.download('http://linkonly.test')).toMatchObject({
      ok: true,
      contentType: 'image/png',
      source: 'http://linkonly.test/static/brand%20icon.png',
    });
    expect(iconLinksOf('<link rel="apple-touch-icon" href="/a.png"><LINK REL="icon" HREF=/b.ico>')).toEqual(['/b.ico', '/a.png']);
  });

  it('refuses more than 512 KB, a page served as an icon, and SVG', async () => {
    expect(await favicons.download('http://huge.test')).toMatchObject({ ok: false, reason: 'no_icon' });
    expect(await favicons.download('http://htmlicon.test')).toMatchObject({ ok: false, reason: 'no_icon' });
    expect(await favicons.download('http://svgicon.test')).toMatchObject({ ok: false, reason: 'not_an_image' });
    const small = fetcher({ maxBytes: 10 });
    expect(await small.download('http://acme.test')).toMatchObject({ ok: false });
  });
});

describe('the organization logo from the bio extraction', () => {
  it('stores the favicon of the extracted website in R2 and serves it to the owner only', async () => {
    const me = await signUp();
    const token = uniqueKey('logo');
    await steer('openai', {
      when: token,
      json: {
        first_name: 'Wile',
        last_name: 'Coyote',
        title: 'Engineer',
        company: 'Acme',
        company_website: 'acme.test',
        company_industry: 'Anvils',
        company_location: 'Arizona',
      },
    });
    const c = await createContact(me, { first_name: 'Wile', last_name: 'Coyote', bios: { twitter: `Engineer at Acme ${token}` } });

    const result = await extractBio(await userDeps(me), me.user.id, c.id, { favicons });
    expect(result.fields_updated).toEqual(expect.arrayContaining(['company', 'company_website', 'company_logo']));
    const contact = (await json(await as(me, `/api/v1/contacts/${c.id}`))).data;
    const org = (await json(await as(me, `/api/v1/organizations/${contact.company.id}`))).data;
    expect(org).toMatchObject({ name: 'Acme', website: 'https://acme.test', industry: 'Anvils', location: 'Arizona' });
    expect(org.logo_url).toMatch(new RegExp(`^/api/v1/organizations/${org.id}/logo\\?v=`));

    const logo = await as(me, org.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/x-icon');
    expect(new Uint8Array(await logo.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0, 0, 1, 0]));
    const stranger = await signUp();
    expect((await as(stranger, org.logo_url)).status).toBe(404);
  });

  it('keeps an existing logo, and through the API refuses a website on a private network', async () => {
    const me = await signUp();
    const token = uniqueKey('keeplogo');
    await steer('openai', {
      when: token,
      json: {
        first_name: 'Road',
        last_name: 'Runner',
        title: null,
        company: 'Internal Co',
        company_website: 'http://metadata.google.internal',
        company_industry: null,
        company_location: null,
      },
    });
    const c = await createContact(me, { first_name: 'Road', last_name: 'Runner', bios: { telegram: token } });
    const res = await as(me, `/api/v1/contacts/${c.id}/extract-bio`, { method: 'POST' });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.fields_updated).toContain('company_website');
    expect(data.fields_updated).not.toContain('company_logo');

    const token2 = uniqueKey('haslogo');
    const org = (
      await json(
        await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'Acme', logo_url: 'https://cdn.example/acme.png' } }),
      )
    ).data;
    await steer('openai', {
      when: token2,
      json: {
        first_name: 'Wile',
        last_name: null,
        title: null,
        company: 'Acme',
        company_website: 'acme.test',
        company_industry: null,
        company_location: null,
      },
    });
    const d = await createContact(me, { first_name: 'Wile', company_id: org.id, bios: { linkedin: token2 } });
    const result = await extractBio(await userDeps(me), me.user.id, d.id, { favicons });
    expect(result.fields_updated).toEqual(['company_website']);
    expect((await json(await as(me, `/api/v1/organizations/${org.id}`))).data.logo_url).toBe('https://cdn.example/acme.png');
  });
});
