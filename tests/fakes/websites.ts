import type { ServerResponse } from 'node:http';
import { registerFake } from './fake-providers.ts';
import { scenarioStore } from './fake-scenarios.ts';

/**
 * Stand-ins for company websites, for the favicon download: GET /sites/<host>/<path>.
 * Tests reach them through a transport that maps `http://<host>.test/...` here, the way a
 * hosts file would (see tests/ai/favicon.test.ts and docs/decisions/003-favicon-ssrf-guard.md).
 */
const store = scenarioStore('/sites');

export const ICO = Buffer.from([
  0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10, 0x00, 0x00, 0x01, 0x00, 0x20, 0x00, 0x68, 0x04, 0x00, 0x00, 0x16, 0x00, 0x00, 0x00,
]);
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

type Page = (res: ServerResponse, self: string) => void;
const file =
  (type: string, bytes: Buffer | string): Page =>
  (res) =>
    res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(bytes)) }).end(bytes);
const redirect =
  (to: (self: string) => string, status = 302): Page =>
  (res, self) =>
    res.writeHead(status, { location: to(self) }).end();
const html = (head: string) =>
  file('text/html; charset=utf-8', `<!doctype html><html><head><title>Site</title>${head}</head><body>Hello</body></html>`);

const SITES: Record<string, Record<string, Page>> = {
  'acme.test': { '/favicon.ico': file('image/x-icon', ICO) },
  'linkonly.test': {
    '/': html(`<link rel="stylesheet" href="/s.css"><link href='/static/brand icon.png' rel="shortcut icon" type="image/png">`),
    '/static/brand%20icon.png': file('image/png', PNG),
  },
  'huge.test': {
    '/favicon.ico': (res) => res.writeHead(200, { 'content-type': 'image/x-icon' }).end(Buffer.concat([ICO, Buffer.alloc(600 * 1024)])),
  },
  'htmlicon.test': { '/favicon.ico': html(''), '/': html('') },
  'svgicon.test': {
    '/': html('<link rel="icon" href="/icon.svg">'),
    '/icon.svg': file('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  'redirect-ok.test': { '/favicon.ico': redirect(() => 'http://acme.test/favicon.ico', 301) },
  'redirect-private.test': {
    '/favicon.ico': redirect((self) => `http://${self}/sites/private-target.test/favicon.ico`),
    '/': redirect(() => 'http://169.254.169.254/latest/meta-data/'),
  },
  'redirect-loop.test': {
    '/favicon.ico': redirect(() => 'http://redirect-loop.test/favicon.ico'),
    '/': redirect(() => 'http://redirect-loop.test/'),
  },
  'private-target.test': { '/favicon.ico': file('image/x-icon', ICO) },
  // Names the fake DNS-over-HTTPS resolves to private addresses: each has an icon, so only the guard stops it.
  ...Object.fromEntries(
    [
      'loopback-dns.test',
      'private-dns.test',
      'v6-loopback-dns.test',
      'mapped-dns.test',
      'mixed-dns.test',
      'cname-metadata.test',
      'nxdomain.test',
      'servfail.test',
      'broken-resolver.test',
      'garbage-resolver.test',
    ].map((host) => [host, { '/favicon.ico': file('image/x-icon', ICO) }]),
  ),
  'public-v6.test': { '/favicon.ico': file('image/x-icon', ICO) },
  'redirect-rebind.test': {
    '/favicon.ico': redirect(() => 'http://loopback-dns.test/favicon.ico'),
    '/': redirect(() => 'http://private-dns.test/'),
  },
};

registerFake((req, body, res) => {
  if (!req.url?.startsWith('/sites/')) return false;
  if (store.handleControl(req, body, res)) return true;
  store.record(req, body);
  const url = new URL(req.url, 'http://fake');
  const [, , host = '', ...rest] = url.pathname.split('/');
  const page = SITES[host]?.[`/${rest.join('/')}`];
  if (page) page(res, req.headers.host ?? '127.0.0.1');
  else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  return true;
});
