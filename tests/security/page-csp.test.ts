import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { as, call, createContact, signUp } from '../support/client';

const fakes = () => (env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL;
// The fake websites (tests/fakes/websites.ts) are on the fakes' private address, which the
// test Worker may reach as a host of ALLOWED_PRIVATE_HOSTS.
const sitePng = () => `${fakes()}/sites/linkonly.test/static/brand%20icon.png`;
const sitePage = () => `${fakes()}/sites/linkonly.test/`;

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('the page CSP', () => {
  it('allows no inline styles and no images from other sites, and says where to report', async () => {
    const me = await signUp();
    const res = await as(me, '/contacts');
    const csp = res.headers.get('content-security-policy')!;
    const styles = directive(csp, 'style-src');
    expect(styles).not.toContain("'unsafe-inline'");
    expect(styles).toMatch(/'nonce-[^']+'/);
    expect(directive(csp, 'img-src').split(' ').slice(1).sort()).toEqual(["'self'", 'blob:', 'data:']);
    expect(directive(csp, 'report-uri')).toBe('report-uri /csp-reports');
    expect(directive(csp, 'report-to')).toBe('report-to csp');
    expect(res.headers.get('reporting-endpoints')).toBe('csp="http://kith.test/csp-reports"');
  });

  it('renders pages without style attributes, and pictures on other sites through Kith', async () => {
    const me = await signUp();
    const ada = await createContact(me, {
      first_name: 'Ada',
      last_name: 'Photo',
      avatar_url: 'https://media.example.com/ada.jpg?sig=1',
      company: 'Acme',
    });
    for (const path of ['/contacts', `/contacts/${ada.id}`, '/home', '/settings', '/import', '/organizations']) {
      const res = await as(me, path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html.match(/<[a-z][^>]*\sstyle="[^"]*"/gi) ?? [], path).toEqual([]);
      const sources = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/gi)].map((m) => m[1]!);
      for (const src of sources) expect(src, path).toMatch(/^(\/(?!\/)|data:image\/)/);
      if (path !== '/settings' && path !== '/import' && path !== '/organizations' && path !== '/home') {
        expect(sources, path).toContain('/api/v1/images/remote?url=https%3A%2F%2Fmedia.example.com%2Fada.jpg%3Fsig%3D1');
      }
    }
  });
});

describe('pictures on other sites, fetched by Kith', () => {
  it('serves a picture to its signed-in user, sandboxed, and refuses strangers', async () => {
    const me = await signUp();
    const path = `/api/v1/images/remote?url=${encodeURIComponent(sitePng())}`;
    const res = await as(me, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(new Uint8Array(await res.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect((await call(path)).status).toBe(401);
  });

  it('answers 404 for a page that is not a picture or an address on a private network, 400 for no address', async () => {
    const me = await signUp();
    for (const url of [sitePage(), 'http://10.0.0.8/a.png', 'http://169.254.169.254/latest/meta-data/', 'https://[::1]/a.png']) {
      const res = await as(me, `/api/v1/images/remote?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    for (const url of ['not a url', 'javascript:alert(1)', 'https://user:pw@example.com/a.png']) {
      const res = await as(me, `/api/v1/images/remote?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    }
  });
});

describe('CSP reports', () => {
  const report = (
    body: unknown,
    type = 'application/csp-report',
    source = `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`,
  ) => call('/csp-reports', { method: 'POST', headers: { 'content-type': type, 'cf-connecting-ip': source }, body: JSON.stringify(body) });

  it('takes both formats browsers send', async () => {
    const old = await report({
      'csp-report': {
        'document-uri': 'http://kith.test/contacts?q=secret',
        'effective-directive': 'style-src-attr',
        'blocked-uri': 'inline',
      },
    });
    expect(old.status).toBe(204);
    const modern = await report(
      [
        {
          type: 'csp-violation',
          url: 'http://kith.test/home',
          body: { documentURL: 'http://kith.test/home', effectiveDirective: 'img-src', blockedURL: 'https://evil.example/x.png?token=1' },
        },
      ],
      'application/reports+json',
    );
    expect(modern.status).toBe(204);
  });

  it('refuses what is not a report, in the error envelope', async () => {
    const cases: [Response, number, string][] = [
      [await report({ hello: 1 }, 'text/plain'), 415, 'unsupported_media_type'],
      [
        await call('/csp-reports', { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: '{not json' }),
        400,
        'invalid_request',
      ],
      [await report({ nothing: true }), 400, 'invalid_request'],
      [await report({ 'csp-report': { 'blocked-uri': 'x'.repeat(20_000) } }), 413, 'payload_too_large'],
      [await call('/csp-reports'), 400, 'invalid_request'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
  });

  it('limits one source to a burst, and other sources keep reporting', async () => {
    const source = `203.0.113.7-${Math.random()}`;
    const body = {
      'csp-report': { 'document-uri': 'http://kith.test/', 'effective-directive': 'img-src', 'blocked-uri': 'https://x.example/a.png' },
    };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await report(body, 'application/csp-report', source)).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await report(body)).status).toBe(204);
  });
});
